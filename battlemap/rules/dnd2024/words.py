"""D&D 2024's own words (RULES.md §5): its cover is « abri » (003_04e386f09d3dfd89.txt,
"L'abri"). Keys are this system's; the common words are in battlemap/text/catalogue."""

from battlemap.text import catalogue

PREFIX = "dnd2024"

# Its conditions: id: (English, the seed's own word), the label every screen and log line
# shows; the rules' French notes quote the seed's word (`seed_word`).
CONDITIONS = {
    'blinded': ('Blinded', 'Aveuglé'),
    'charmed': ('Charmed', 'Charmé'),
    'deafened': ('Deafened', 'Assourdi'),
    'exhaustion': ('Exhaustion', 'Épuisement'),
    'frightened': ('Frightened', 'Effrayé'),
    'grappled': ('Grappled', 'Agrippé'),
    'incapacitated': ('Incapacitated', 'Neutralisé'),
    'invisible': ('Invisible', 'Invisible'),
    'paralyzed': ('Paralyzed', 'Paralysé'),
    'petrified': ('Petrified', 'Pétrifié'),
    'poisoned': ('Poisoned', 'Empoisonné'),
    'prone': ('Prone', 'À terre'),
    'restrained': ('Restrained', 'Entravé'),
    'stunned': ('Stunned', 'Étourdi'),
    'unconscious': ('Unconscious', 'Inconscient'),
    'surprised': ('Surprised', 'Surpris'),
    'burning': ('Burning', 'Embrasé'),
    'death_successes': ('Death save successes', 'Jets contre la mort réussis'),
    'death_failures': ('Death save failures', 'Jets contre la mort ratés'),
    'stable': ('Stable', 'Stabilisé'),
    'dead': ('Dead', 'Mort'),
}

EN = {
    f"{PREFIX}.cover.name.none": 'no',
    f"{PREFIX}.cover.name.half": 'half',
    f"{PREFIX}.cover.name.three_quarters": 'three-quarters',
    f"{PREFIX}.cover.name.total": 'total',
    **{f"{PREFIX}.condition.{k}": en for k, (en, _) in CONDITIONS.items()},
}

FR = {
    f"{PREFIX}.cover.name.none": "pas d'abri",
    f"{PREFIX}.cover.name.half": 'abri partiel',
    f"{PREFIX}.cover.name.three_quarters": 'abri supérieur',
    f"{PREFIX}.cover.name.total": 'abri total',
    **{f"{PREFIX}.condition.{k}": seed for k, (_, seed) in CONDITIONS.items()},
}

WORDS = {"en": EN, "fr": FR}
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)


def seed_word(condition: str) -> str:
    """A condition as the seed's own text names it: the rules' modifiers and notes quote the
    seed, which is written in French (RULES.md §5)."""
    return CONDITIONS[condition][1] if condition in CONDITIONS else condition
