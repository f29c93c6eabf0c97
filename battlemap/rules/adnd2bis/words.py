"""AD&D 2bis's own words (RULES.md §5): its step is the « 5′ step »
(001_dd346e63a171f715.txt, "Opportunity Attacks et Désengagement"). Keys are this system's;
the common words are in battlemap/text/catalogue."""

from battlemap.text import catalogue

PREFIX = "adnd2bis"

# Its conditions: id: (English, the seed's own word), the label every screen and log line
# shows; the rules' French notes quote the seed's word (`seed_word`).
CONDITIONS = {
    'dying': ('Dying', 'Mourant'),
    'stable': ('Stabilised', 'Stabilisé'),
    'stabilising': ('Being stabilised', 'En cours de stabilisation'),
    'healing_check': ('Healing check under way', 'Check de Healing en cours'),
    'fatigued': ('Fatigued', 'Fatigué'),
    'exhausted': ('Exhausted', 'Épuisé'),
    'frightened': ('Frightened', 'Effrayé'),
    'grappled': ('Grappled', 'Attrapé'),
    'grappling': ('Grappling', 'Agrippe'),
    'prone': ('Prone', 'Au sol'),
    'stunned': ('Stunned', 'Étourdi'),
    'paralyzed': ('Paralyzed', 'Paralysé'),
    'unconscious': ('Unconscious', 'Inconscient'),
    'blinded': ('Blinded', 'Aveuglé'),
    'deafened': ('Deafened', 'Assourdi'),
    'surprised': ('Surprised', 'Surpris'),
    'charging': ('Charging', 'En charge'),
    'full_defence': ('Full defence', 'Défense totale'),
    'holding_action': ('Holding an action', 'Action réservée'),
    'sharing_square': ('Sharing a square', 'Case partagée'),
    'fumbled': ('Fumbled', 'Fumble'),
    'armour_damaged': ('Armour piece lost', 'Armure endommagée'),
    'dex_lost': ('No Dex bonus', 'Sans bonus de DEX'),
    'disoriented': ('Disoriented', 'Désorienté'),
    'broken_hand': ('Broken hand', 'Main cassée'),
    'reopened_wound': ('Reopened wound', 'Blessure rouverte'),
    'stuck_weapon': ('Stuck weapon', 'Arme coincée'),
    'dead': ('Dead', 'Mort'),
    'broken': ('Broken', 'Brisé'),
}

EN = {
    f"{PREFIX}.step.name": "5' step",
    f"{PREFIX}.provokes.in_zone": "{action} in its zone of control, {why}",
    f"{PREFIX}.action.grapple": "grapple",
    f"{PREFIX}.action.trip": "trip",
    **{f"{PREFIX}.condition.{k}": en for k, (en, _) in CONDITIONS.items()},
}

FR = {
    f"{PREFIX}.step.name": "pas de placement (5')",
    f"{PREFIX}.provokes.in_zone": "{action} dans sa zone de contrôle, {why}",
    f"{PREFIX}.action.grapple": "lutte",
    f"{PREFIX}.action.trip": "croc-en-jambe",
    **{f"{PREFIX}.condition.{k}": seed for k, (_, seed) in CONDITIONS.items()},
}

WORDS = {"en": EN, "fr": FR}
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)


def seed_word(condition: str) -> str:
    """A condition as the seed's own text names it: the rules' modifiers and notes quote the
    seed, which is written in French (RULES.md §5)."""
    return CONDITIONS[condition][1] if condition in CONDITIONS else condition
