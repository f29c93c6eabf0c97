"""PMT's own words (docs/rules/README.md#words-on-screen): its cover is « couvert » (004_49216c8abfe9f777.txt).
Keys are this system's; the common words are in battlemap/text/catalogue."""

from battlemap.rules.core.words import effects_of, namer, spelled, teller
from battlemap.text import Message, catalogue

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

# Its rulings' sentences (`note`): English the B/X terms, French the seed's (004). `{src}` is
# a citation, `{name}` a manoeuvre (its message).
NOTES = {
    'helpless_target': ('unconscious target: the attack hits automatically and kills it if the attacker wishes {src}',
                        "cible inconsciente : l'attaque réussit automatiquement et la tue si l'attaquant le désire {src}"),
    'finishes_off': ('the attacker finishes the target off {src}', "l'attaquant achève la cible {src}"),
    'attack_roll': ('{weapon} attack', 'attaque {weapon}'),
    'coup_de_maitre': ('Master stroke: "{name}" succeeds, without damage {src}',
                       'Coup de maître : « {name} » réussit, sans dommages {src}'),
    'defender_chooses': ('normal success: the defender chooses between "{name}" and the damage {src}',
                         'réussite normale : le défenseur choisit entre « {name} » et les dommages {src}'),
    'minion_hit': ('minion hit: out of the fight {src}', 'sbire touché : hors de combat {src}'),
    'total_vs': ('{total} vs {against}', '{total} contre {against}'),
    'attack_missed': ('attack missed: no manoeuvre', 'attaque ratée : pas de manœuvre'),
    'succeeded': ('{name}: success', '{name} : réussi'),
    'choice': ('the defender chooses: "{name}" or {n} damage {src}',
               'le défenseur choisit : « {name} » ou {n} dommages {src}'),
    'save_roll': ('{category} save', 'JS {category}'),
    'unconscious_fails': ('unconscious: fails', 'inconscient : rate'),
    'no_risk': ('no risk {src}', 'pas de risque {src}'),
    'spell_failure_roll': ('spell failure in armour', 'échec des sorts en armure'),
    'spell_fails': ('d100 {roll} vs penalty {penalty}: the spell fails {src}',
                    'd100 {roll} contre malus {penalty} : le sort échoue {src}'),
    'spell_goes': ('d100 {roll} vs penalty {penalty}: the spell goes off {src}',
                   'd100 {roll} contre malus {penalty} : le sort part {src}'),
    'minion_saved': ("minion: save made, the effect doesn't reach it {src} (the project's default, the seed is silent)",
                     "sbire : jet de sauvegarde réussi, l'effet ne l'atteint pas {src} (choix par défaut du projet, la graine ne dit rien)"),
    'out': ('out of the fight', 'hors de combat'),
    'posture_no_attack': ('defensive posture: no attack', "posture défensive : pas d'attaque"),
    'casters_move': ('a spellcaster may move while preparing a spell',
                     "un lanceur de sorts peut se déplacer pendant qu'il prépare un sort"),
    'two_weapons_prime': ('needs STR or DEX as a Prime Requisite', 'il faut la FOR ou la DEX comme Caractéristique Principale'),
    'two_weapons_two': ('needs two weapons', 'il faut deux armes'),
    'two_weapons_one_hand': ('{weapon} is not a one-handed melee weapon', "{weapon} n'est pas une arme de mêlée à une main"),
    'two_weapons_dice': ('d{p} + d{q}: at most d8 + d4, or two d6', 'd{p} + d{q} : il faut d8 + d4 au plus, ou deux d6 au plus'),
    'side_initiative': ('initiative of side {side}', 'initiative du camp {side}'),
    'initiative_of': ('initiative {name}', 'initiative {name}'),
    'total_cover': ('total cover: no target', 'couvert total : pas de cible'),
    'src_initiative': ('B/X, initiative on a d6 (the text is silent)', 'B/X, initiative au d6 (texte muet)'),
}
SAVE_CATEGORIES = {"death": ("Death/Poison", "Mort/Poison"), "wands": ("Wands", "Baguettes"),
                   "paralysis": ("Paralysis", "Paralysie"), "breath": ("Breath", "Souffle"),
                   "spells": ("Spells", "Sorts")}

# What each condition does, in words (`condition_effects`): English the B/X terms, French the
# seed's (004).
CONDITION_EFFECTS = {
    "exhausted": [("−2 on attack rolls", "−2 aux jets d'attaque")],
    "unconscious": [("any attack on it hits automatically and may kill it",
                     "toute attaque contre lui réussit automatiquement et peut le tuer")],
    "dying": [("0 hp or less: the GM decides what follows", "0 pv ou moins : le MdT décide des effets")],
    "out": [("minion hit: collapses, flees or surrenders", "sbire touché : s'écroule, s'enfuit ou se rend")],
    "defensive_posture": [("can't attack", "ne peut attaquer"), ("AC + STR or DEX mod.", "CA + mod. de FOR ou de DEX")],
    "prone": [("knocked down by a manoeuvre; standing up takes the move",
               "envoyé au sol par une manœuvre ; se relever prend le mouvement")],
    "disarmed": [("has lost its weapon", "a perdu son arme")],
    "held": [("caught and pulled by the opponent", "attrapé et tiré par l'adversaire")],
    "weapon_blocked": [("can't attack with that weapon this round", "ne peut attaquer avec cette arme ce round")],
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
    damage=DAMAGE, effects=CONDITION_EFFECTS,
    notes=NOTES | {f"save_{k}": pair for k, pair in SAVE_CATEGORIES.items()},
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
condition_effects = effects_of(PREFIX, CONDITION_EFFECTS)
note = namer(PREFIX, "note")


def manoeuvre_named(name: str) -> Message:
    """A manoeuvre by its seed's name, in English its words (« envoyer au sol », knock down)."""
    return Message.of(f"{PREFIX}.manoeuvre.{name}")
