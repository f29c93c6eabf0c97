"""PMT's own words (RULES.md §5): its cover is « couvert » (004_49216c8abfe9f777.txt).
Keys are this system's; the common words are in battlemap/text/catalogue."""

from battlemap.text import catalogue

PREFIX = "pmt"

# Its conditions: id: (English, the seed's own word), the label every screen and log line
# shows.
CONDITIONS = {
    'exhausted': ('Exhausted', 'Fourbu'),
    'unconscious': ('Unconscious', 'Inconscient'),
    'dying': ('Dying', 'Mourant'),
    'dead': ('Dead', 'Mort'),
    'out': ('Out of the fight', 'Hors de combat'),
    'defensive_posture': ('Defensive posture', 'Posture défensive'),
    'prone': ('Prone', 'À terre'),
    'disarmed': ('Disarmed', 'Désarmé'),
    'held': ('Held', 'Attrapé'),
    'weapon_blocked': ('Weapon blocked', 'Arme bloquée'),
}

EN = {
    f"{PREFIX}.cover.name.none": 'no',
    f"{PREFIX}.cover.name.half": 'half',
    f"{PREFIX}.cover.name.three_quarters": 'three-quarters',
    f"{PREFIX}.cover.name.total": 'total',
    **{f"{PREFIX}.condition.{k}": en for k, (en, _) in CONDITIONS.items()},
}

FR = {
    f"{PREFIX}.cover.name.none": 'pas de couvert',
    f"{PREFIX}.cover.name.half": 'couvert partiel',
    f"{PREFIX}.cover.name.three_quarters": 'couvert important',
    f"{PREFIX}.cover.name.total": 'couvert total',
    **{f"{PREFIX}.condition.{k}": seed for k, (_, seed) in CONDITIONS.items()},
}

WORDS = {"en": EN, "fr": FR}
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)
