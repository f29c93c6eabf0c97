"""D&D 2024's own words (docs/rules/README.md#words-on-screen): its cover is « abri » (003_04e386f09d3dfd89.txt,
"L'abri"). Keys are this system's; the common words are in battlemap/text/catalogue."""

from battlemap.rules.core.words import ABILITY_NAMES, namer, seed_words, spelled, teller
from battlemap.text import Message, catalogue

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

# Its kinds of move, as its text names them: id: (English, the seed's word), "normal"
# first (ids of core/economy.MOVE_KINDS).
# 003 is a glossary and names no action; docs/rules/README.md#geometry-by-system reads the 2024 standard: no 5-foot step
# and no charge ("not in glossary — off"), but Disengage ("Se désengager": the move provokes
# nothing) and Dash ("Foncer": twice the speed). The Speed itself is economy.py's (`speed_m`).
MOVE_KINDS = {
    'normal': ('move', 'déplacement'),
    'withdraw': ('Disengage', 'se désengager'),
    'run': ('Dash', 'foncer'),
}
# Its manoeuvres as its text names them (English: the id in words): the French 2024 words
# (003 glossary: "premiers soins"; "Agrippé" for the condition).
MANOEUVRE_NAMES = {
    'grapple': 'empoignade',
    'shove': 'bousculade',
    'escape_grapple': "s'échapper d'une empoignade",
    'first_aid': 'premiers soins',
}
# The seed's word for a rules concept where it differs from the interface's usual French
# (docs/rules/README.md#words-on-screen); the English is the usual D&D term.
TERMS = {
    'cover': ('cover', 'abri'),
    'flanking': ('flanking', 'prise en tenaille'),
    'prone': ('prone', 'À terre'),
    'bloodied': ('bloodied', 'En péril'),
    'difficulty_class': ('DC', 'DD'),
    'advantage': ('advantage', 'Avantage'),
    'disadvantage': ('disadvantage', 'Désavantage'),
}

# The names of its modifiers and target numbers (`named`): the PHB's English term, the
# French of the 2024 text (003).
MODIFIERS = {
    **{f"ability_{a}": pair for a, pair in ABILITY_NAMES.items()},
    'skill_athletics': ('Athletics', 'Athlétisme'),
    'skill_acrobatics': ('Acrobatics', 'Acrobaties'),
    'skill_medicine': ('Medicine', 'Médecine'),
    'ability_mod': ('{ability} modifier', 'Modificateur de {ability}'),
    'skill': ('{skill} ({ability})', '{skill} ({ability})'),
    'proficiency': ('Proficiency bonus', 'Bonus de maîtrise'),
    'weapon_bonus': ('Weapon bonus ({weapon})', "Bonus de l'arme ({weapon})"),
    'exhaustion': ('Exhaustion (level {level})', 'Épuisement (niveau {level})'),
    'half_cover': ('Half cover', 'Abri partiel'),
    'three_quarters_cover': ('Three-quarters cover', 'Abri supérieur'),
    'initiative_bonus': ('Initiative bonus', "Bonus d'Initiative"),
    'advantage': ('Advantage', 'Avantage'),
    'disadvantage': ('Disadvantage', 'Désavantage'),
    'base_dc': ('Base DC', 'DD de base'),
    'dc': ('DC {dc}', 'DD {dc}'),
    'dc_of': ('DC {name}', 'DD {name}'),
    'save_of': ('{ability} save: {name}', 'JS de {ability} : {name}'),
    'ac_plus': (' {sign} {n} ({name})', ' {sign} {n} ({name})'),
    'equals': (' = {n}', ' = {n}'),
}

# The 2024 damage types that resistances, immunities and vulnerabilities name (hp.py), in
# their French names (003: "dégâts contondants", "dégâts de feu").
DAMAGE_KINDS = {
    "acid": "acide", "bludgeoning": "contondant", "cold": "froid", "fire": "feu",
    "force": "force", "lightning": "foudre", "necrotic": "nécrotique", "piercing": "perforant",
    "poison": "poison", "psychic": "psychique", "radiant": "radiant", "slashing": "tranchant",
    "thunder": "tonnerre"}
DAMAGE_TYPES = frozenset(DAMAGE_KINDS)

# What its damage rules say of a blow (damage.py, hp.py: `told`): the PHB's English, the
# French of the 2024 text (003 « Coup critique », « Immunité »…).
DAMAGE = {
    'roll': ('damage ({weapon})', 'dégâts ({weapon})'),
    'extra_roll': ('{type} damage ({weapon})', 'dégâts {type} ({weapon})'),
    'critical': ('critical hit: the dice rolled twice ({dice:, }), the modifiers once ({source})',
                 'coup critique : dés lancés deux fois ({dice:, }), modificateurs une fois '
                 '({source})'),
    'doubled': ('{before} → {after}', '{before} → {after}'),
    'floor': ('damage does not go below 0', 'les dégâts ne descendent pas sous 0'),
    'immunity': ('immunity ({type}): no damage ({source})',
                 'immunité ({type}) : aucun dégât ({source})'),
    'resistance': ('resistance ({type}): {before} → {after} ({source})',
                   'résistance ({type}) : {before} → {after} ({source})'),
    'vulnerability': ('vulnerability ({type}): {before} → {after} ({source})',
                      'vulnérabilité ({type}) : {before} → {after} ({source})'),
    'already_dead': ('already dead: no effect', 'déjà mort : aucun effet'),
    'temp_hp': ('{n} absorbed by temporary hit points', '{n} absorbés par les pv temporaires'),
    'knocked_out': ('knocked out: 1 HP and Unconscious, starts a Short Rest ({source})',
                    'assommé : 1 pv et Inconscient, entame un Repos court ({source})'),
    'massive': ('remaining damage {n} ≥ {max} max HP: instant death ({source})',
                'dégâts restants {n} ≥ {max} pv max : mort instantanée ({source})'),
    'monster_dies': ('0 HP: the monster dies ({source})', '0 pv : le monstre meurt ({source})'),
    'dropped': ('0 HP: Unconscious and Prone, death saving throws ({source})',
                '0 pv : Inconscient et À terre, jets contre la mort ({source})'),
    'massive_at_zero': ('damage {n} ≥ {max} max HP at 0 HP: death ({source})',
                        'dégâts {n} ≥ {max} pv max à 0 pv : mort ({source})'),
    'at_zero_one': ('damage at 0 HP: one death saving throw failure ({source})',
                    'dégâts à 0 pv : un échec au jet contre la mort ({source})'),
    'at_zero_two': ('damage at 0 HP: two death saving throw failures (critical hit) ({source})',
                    'dégâts à 0 pv : deux échecs (coup critique) au jet contre la mort '
                    '({source})'),
    'three_failures': ('three failures: death', 'trois échecs : mort'),
    'heal_dead': ('dead: healing is not enough', 'mort : les soins ne suffisent pas'),
    'heal_wakes': ('regains hit points: no longer Unconscious ({source})',
                   "récupère des pv : n'est plus Inconscient ({source})"),
    'condition_immune': ('{name} is immune to {condition} ({source})',
                         "{name} est immunisé contre l'état {condition} ({source})"),
    'immune_stat_block': ('its stat block; {source}', 'son profil ; {source}'),
}

WORDS = spelled(
    PREFIX, conditions=CONDITIONS, move_kinds=MOVE_KINDS, manoeuvres=MANOEUVRE_NAMES, terms=TERMS,
    modifiers=MODIFIERS, damage=DAMAGE,
    en={
        f"{PREFIX}.cover.name.none": 'no',
        f"{PREFIX}.cover.name.half": 'half',
        f"{PREFIX}.cover.name.three_quarters": 'three-quarters',
        f"{PREFIX}.cover.name.total": 'total',
        # A 5e monster file's field that cannot be read (monsters_5e.py).
        f"{PREFIX}.monster.no_name": "the monster has no 'name'",
        f"{PREFIX}.monster.not_whole": "field '{field}' must be a whole number",
        f"{PREFIX}.monster.not_list": "field '{field}' must be a list",
    },
    fr={
        f"{PREFIX}.cover.name.none": "pas d'abri",
        f"{PREFIX}.cover.name.half": 'abri partiel',
        f"{PREFIX}.cover.name.three_quarters": 'abri supérieur',
        f"{PREFIX}.cover.name.total": 'abri total',
        f"{PREFIX}.monster.no_name": "le monstre n'a pas de « name »",
        f"{PREFIX}.monster.not_whole": "le champ « {field} » doit être un nombre entier",
        f"{PREFIX}.monster.not_list": "le champ « {field} » doit être une liste",
    },
)
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)


seed_word = seed_words(CONDITIONS)
named = namer(PREFIX)

told = teller(PREFIX)


def ability_named(ability: str) -> Message:
    """An ability by its name (« Force », Strength)."""
    return named(f"ability_{ability}")

