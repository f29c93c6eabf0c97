"""PMT's own words (docs/rules/README.md#words-on-screen): its cover is « couvert » (004_49216c8abfe9f777.txt).
Keys are this system's; the common words are in battlemap/text/catalogue."""

from battlemap.rules.core.words import namer, spelled, teller
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

# Its kinds of move, as its text names them: id: (English, the seed's word), "normal"
# first (ids of core/economy.MOVE_KINDS).
# 004 names one move only, "leur mouvement de combat" (spell casters): no step, no charge
# (docs/rules/README.md#geometry-by-system "not in seed — off"), no run or withdraw.
MOVE_KINDS = {
    'normal': ('combat movement', 'mouvement de combat'),
}
# Its manoeuvres: their ids are the seed's own words (004 "Manœuvres de combat", options.
# SEED_MANOEUVRES), said as they are in French and in these words in English.
MANOEUVRES_EN = {
    "attraper et tirer à soi": "grab and pull in",
    "bloquer l'arme": "block the weapon",
    "désarmer": "disarm",
    "désarçonner": "unhorse",
    "envoyer au sol": "knock down",
    "faire reculer": "push back",
    "empêcher une attaque sur un compagnon": "stop an attack on a companion",
    "se faufiler": "slip past",
}
# The seed's word for a rules concept where it differs from the interface's usual French
# (docs/rules/README.md#words-on-screen); the English is the usual D&D term.
TERMS = {
    'cover': ('cover', 'couvert'),
    'prone': ('prone', 'à terre'),
    'gm': ('GM', 'MdT'),
    'thac0': ('THAC0', 'TAC0'),
}

# The names of its modifiers and target numbers (`named`): the B/X term in English, the
# seed's words in French (004).
MODIFIERS = {
    'exhausted': ('Exhausted', 'Fourbu'),
    'forbidden_armour': ('Non-proficient armour', 'Armure interdite'),
    'forbidden_shield': ('Non-proficient shield (no bonus)', 'Bouclier interdit (aucun bonus)'),
    'defensive_posture': ('Defensive stance', 'Posture défensive'),
    'foe_defensive_posture': ("Foe's defensive stance", "Posture défensive de l'adversaire"),
    'dex_mod': ('DEX mod.', 'Mod. de DEX'),
    'str_mod': ('STR mod.', 'Mod. de FOR'),
    'weapon_bonus': ('Weapon bonus {weapon}', "Bonus de l'arme {weapon}"),
    'two_weapons_simple': ('Two weapons (simplified variant)', 'Deux armes (variante simplifiée)'),
    'primary_weapon': ('Primary weapon', 'Arme primaire'),
    'secondary_weapon': ('Secondary weapon', 'Arme secondaire'),
    'attack_bonus': ('Attack bonus', "Bonus d'attaque"),
    'forbidden_weapon': ('Non-proficient weapon', 'Arme interdite'),
    'partial_cover': ('Partial cover', 'Couvert partiel'),
    'heavy_cover': ('Heavy cover', 'Couvert important'),
    'flanking': ('Flanking', 'Prise en tenaille'),
    'defender_ac': ("Defender's AC", 'CA du défenseur'),
    'auto_hit': ('hit automatically', "touché d'office"),
    'thac0_ac': ('THAC0 {thac0} − AC {ac} = {n}', 'TAC0 {thac0} − CA {ac} = {n}'),
    'thac0': ('THAC0 {thac0}', 'TAC0 {thac0}'),
}

# What its damage rules say of a blow (damage.py, hp.py: `told`): English, then the seed's
# French (004 "20 naturel", "Dommages fixes", "Sbires", "Un coup raté inflige quand même 1
# dommage").
DAMAGE = {
    'roll': ('damage ({weapon})', 'dommages {weapon}'),
    'extra_roll': ('{type} damage ({weapon})', 'dommages {type} ({weapon})'),
    'brawl_roll': ('brawl', 'bagarre'),
    'natural_20': ("natural 20: the weapon's maximum damage ({n})",
                   "20 naturel : dommages maximum de l'arme ({n})"),
    'minion_fixed': ('minion: fixed damage, half the maximum ({n})',
                     'sbire : dommages fixes, moitié du maximum ({n})'),
    'fixed': ('fixed damage: half the maximum ({n})', 'dommages fixes : moitié du maximum ({n})'),
    'miss': ('missed blow: 1 damage all the same {source}',
             'coup raté : 1 dommage quand même {source}'),
    'minion_out': ('minion: out of the fight {source}', 'sbire : hors de combat {source}'),
    'finished': ('finished off: dead ({before} → {after} HP) {source}',
                 'achevé : mort ({before} → {after} PV) {source}'),
    'zero': ('0 HP or less: no instant death, the GM decides {source}',
             '0 PV ou moins : pas de mort immédiate, le MdT décide {source}'),
    'heal_out': ('out of the fight: no healing', 'hors de combat : pas de soin'),
    'str_source': ('B/X, Str to melee damage (the seed is silent)',
                   'B/X, FOR aux dommages de mêlée (texte muet)'),
}

WORDS = spelled(
    PREFIX, conditions=CONDITIONS, move_kinds=MOVE_KINDS, terms=TERMS, modifiers=MODIFIERS,
    damage=DAMAGE,
    en={
        f"{PREFIX}.ac.ascending": 'AC {ac} (ascending)',
        f"{PREFIX}.ac.descending": 'AC {ac} (descending)',
        f"{PREFIX}.choice.kill": 'Finish off (unconscious target)',
        f"{PREFIX}.cover.name.none": 'no',
        f"{PREFIX}.cover.name.half": 'half',
        f"{PREFIX}.cover.name.three_quarters": 'three-quarters',
        f"{PREFIX}.cover.name.total": 'total',
        **{f"{PREFIX}.manoeuvre.{k}": en for k, en in MANOEUVRES_EN.items()},
    },
    fr={
        f"{PREFIX}.ac.ascending": 'CA {ac} (ascendante)',
        f"{PREFIX}.ac.descending": 'CA {ac} (descendante)',
        f"{PREFIX}.choice.kill": 'Achever (cible inconsciente)',
        f"{PREFIX}.cover.name.none": 'pas de couvert',
        f"{PREFIX}.cover.name.half": 'couvert partiel',
        f"{PREFIX}.cover.name.three_quarters": 'couvert important',
        f"{PREFIX}.cover.name.total": 'couvert total',
        **{f"{PREFIX}.manoeuvre.{k}": k for k in MANOEUVRES_EN},
    },
)
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)
named = namer(PREFIX)
told = teller(PREFIX)
