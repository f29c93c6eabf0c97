"""AD&D 2bis's own words (docs/rules/README.md#words-on-screen): its step is the « 5′ step »
(001_dd346e63a171f715.txt, "Opportunity Attacks et Désengagement"). Keys are this system's;
the common words are in battlemap/text/catalogue."""

from battlemap.rules.core.words import ABILITY_NAMES, namer, seed_words, spelled, teller
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

# Its kinds of move, as its text names them: id: (English, the seed's word), "normal"
# first (ids of core/economy.MOVE_KINDS).
# 001 "Opportunity Attacks et Désengagement" ("Le pas de placement (5′ step)"), "Charge",
# "Vitesses de déplacement en combat" ("Run (double move)"). Its "Désengagement" is no
# move of its own (conditions a–c or a Tumbling check): no withdraw. A plain move is
# « se déplacer », the seed's own words for what an « action de mouvement » does.
MOVE_KINDS = {
    'normal': ('move', 'se déplacer'),
    'step': ('5′ step', 'pas de placement (5′ step)'),
    'charge': ('charge', 'Charge'),
    'run': ('run', 'Run (double move)'),
}
# Its manoeuvres as its text names them (English: the id in words). 001 keeps the English
# names, with its French glosses ("Full Defence / Parry (Défense totale)", "Hold Action
# (Réaction conditionnelle)", "S'échapper d'un grapple"…).
MANOEUVRE_NAMES = {
    'grapple': 'Grapple',
    'escape': "s'échapper d'un Grapple",
    'trip': 'Trip',
    'charge': 'Charge',
    'counter_charge': 'Contre-charge',
    'full_defence': 'Full Defence (défense totale)',
    'hold_action': 'Hold Action (réaction conditionnelle)',
    'release_hold': 'déclencher le Hold Action',
    'flyby': 'Flyby',
    'stabilise': 'stabiliser un mourant',
    'break': 'briser un objet',
    'release_grapple': 'libérer du Grapple',
}
# The seed's word for a rules concept where it differs from the interface's usual French
# (docs/rules/README.md#words-on-screen); the English is the usual D&D term.
TERMS = {
    'cover': ('cover', 'couverture'),
    'flanking': ('flanking', 'prise en tenaille'),
    'prone': ('prone', 'au sol'),
    'five_foot_step': ('5-foot step', "pas de placement (5')"),
    'difficulty_class': ('DC', 'DC'),
    'advantage': ('advantage', 'avantage'),
    'disadvantage': ('disadvantage', 'désavantage'),
}

# The names of its modifiers and target numbers (`named`): the AD&D 2e term in English, the
# seed's words in French (001).
MODIFIERS = {
    **{f"ability_{a}": pair for a, pair in ABILITY_NAMES.items()},
    'ability_score': ('{ability} {score}', '{ability} {score}'),
    'skill': ('Skill {skill}', 'Skill {skill}'),
    'strength_polearm_charge': ('Strength ×2 (polearm charge)', 'Force ×2 (charge à la polearm)'),
    'dex_missiles': ('Dexterity (missiles)', 'Dextérité (projectiles)'),
    'wisdom_maa': ('Wisdom (magical attack adjustment)', 'Sagesse (M.A.A.)'),
    'magic_bonus': ('Magical bonus {weapon}', 'Bonus magique {weapon}'),
    'size_difference': ('Size difference', 'Différentiel de taille'),
    'flanking': ('Flanking', 'Flanking'),
    'surprised_target': ('Surprised target', 'Cible surprise'),
    'charge': ('Charge', 'Charge'),
    'two_weapons': ('Two-weapon fighting', 'Combat à deux armes'),
    'medium_range': ('Medium range', 'Portée moyenne'),
    'long_range': ('Long range', 'Portée longue'),
    'invisible': ('Invisible', 'Invisible'),
    'melee_obstacle': ('Obstacle in melee (25% cover)', 'Obstacle en mêlée (couverture 25 %)'),
    'cover': ('{level}% cover', 'Couverture {level} %'),
    'tower_shield': ('Tower shield (25% cover)', 'Tower shield (couverture 25 %)'),
    'prone': ('Prone', 'Au sol'),
    'stunned': ('Stunned', 'Étourdi'),
    'paralyzed': ('Paralyzed', 'Paralysé'),
    'unconscious': ('Unconscious', 'Inconscient'),
    'deafened': ('Deafened', 'Assourdi'),
    'grappled': ('Grappled', 'Attrapé'),
    'surprised': ('Surprised', 'Surpris'),
    'armour_damaged': ('Armour piece lost', "Pièce d'armure perdue"),
    'dex_lost': ('Dexterity bonus lost', 'Bonus de DEX perdu'),
    'shared_square': ('Shared square', 'Case partagée'),
    'fatigued': ('Fatigued', 'Fatigué'),
    'blinded': ('Blinded', 'Aveuglé'),
    'underwater': ('Underwater (slashing/bludgeoning weapon)',
                   "Sous l'eau (arme tranchante/contondante)"),
    'helpers': ("Ally's help ×{count}", "Aide d'un allié ×{count}"),
    'full_defence': ('Full defence', 'Défense totale'),
    'improved_initiative': ('Improved Initiative', 'Improved Initiative'),
    'sneak_attack': ('Sneak attack', 'Sneak attack'),
    'thac0_ac': ('THAC0 {thac0} − AC {ac}', 'TAC0 {thac0} − CA {ac}'),
    'ac_changes': (' ({total} AC: {names:, })', ' ({total} CA : {names:, })'),
    'equals': (' = {n}', ' = {n}'),
}

# What its damage rules say of a blow (damage.py, hp.py: `told`): English, then the seed's
# French (001 "Dying", the conditions' "max. weapon damage x 2", "sous l'eau").
DAMAGE = {
    'roll': ('damage ({weapon})', 'dommages ({weapon})'),
    'extra_roll': ('{type} damage ({weapon})', 'dommages {type} ({weapon})'),
    'sneak_roll': ('sneak attack', 'sneak attack'),
    'max_x2': ("the weapon's maximum damage × 2 = {n} ({source})",
               "dommages max de l'arme ×2 = {n} ({source})"),
    'sneak': ('sneak attack {roll}', 'sneak attack {roll}'),
    'underwater': ('underwater: damage × {pct} %', "sous l'eau : dommages ×{pct} %"),
    'nonlethal_stuns': ('nonlethal damage ≥ hit points: stunned{how}',
                        'dommages non létaux ≥ pv : étourdi{how}'),
    'woken': ('woken by the wound', 'réveillé par la blessure'),
    'dead_below': ('below −10 hp: dead', 'sous −10 pv : mort'),
    'heal_dead': ('the dead are not healed', 'un mort ne se soigne pas'),
    'stabilised': ('stabilised by the healing', 'stabilisé par le soin'),
}

WORDS = spelled(
    PREFIX, conditions=CONDITIONS, move_kinds=MOVE_KINDS, manoeuvres=MANOEUVRE_NAMES, terms=TERMS,
    modifiers=MODIFIERS, damage=DAMAGE,
    en={
        f"{PREFIX}.step.name": "5' step",
        f"{PREFIX}.provokes.in_zone": "{action} in its zone of control, {why}",
        f"{PREFIX}.action.grapple": "grapple",
        f"{PREFIX}.action.trip": "trip",
        f"{PREFIX}.dropped.surprise_ac_only":
            'the option "surprise bonus" keeps only the −2 AC (001 "Surprise")',
        f"{PREFIX}.dropped.surprise_to_hit_only":
            'the option "surprise bonus" keeps only the +2 to hit (001 "Flanking")',
    },
    fr={
        f"{PREFIX}.step.name": "pas de placement (5')",
        f"{PREFIX}.provokes.in_zone": "{action} dans sa zone de contrôle, {why}",
        f"{PREFIX}.action.grapple": "lutte",
        f"{PREFIX}.action.trip": "croc-en-jambe",
        f"{PREFIX}.dropped.surprise_ac_only":
            "l'option « bonus de surprise » ne garde que le −2 à la CA (001 « Surprise »)",
        f"{PREFIX}.dropped.surprise_to_hit_only":
            "l'option « bonus de surprise » ne garde que le +2 au toucher (001 « Flanking »)",
    },
)
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)


seed_word = seed_words(CONDITIONS)
named = namer(PREFIX)
told = teller(PREFIX)
