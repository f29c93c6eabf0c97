"""D&D 2024's own words (docs/rules/README.md#words-on-screen): its cover is « abri » (003_04e386f09d3dfd89.txt,
"L'abri"). Keys are this system's; the common words are in battlemap/text/catalogue."""

from battlemap.rules.core.words import ABILITY_NAMES, effects_of, namer, seed_words, spelled, teller
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

# Its rulings' sentences (`note`): notes, effects, roll labels and the sources of Advantage
# and Disadvantage; English the PHB's terms, French the 2024 text's (003). `{cond}` is a
# condition's label, `{src}` a citation.
NOTES = {
    'extra_attacks': ('{n} attacks per action (Extra Attack / multiattack, {src})',
                      '{n} attaques par action (Attaque supplémentaire / attaques multiples, {src})'),
    'total_cover': ("total cover: the target can't be targeted directly ({src})",
                    'abri total : la cible ne peut pas être prise pour cible directement ({src})'),
    'attacker_incapacitated': ('the attacker is Incapacitated: no action ({src})',
                               "l'attaquant est Neutralisé : aucune action ({src})"),
    'attacker_incapacitated_short': ('the attacker is Incapacitated ({src})',
                                     "l'attaquant est Neutralisé ({src})"),
    'charmed_by_target': ('the attacker is Charmed by the target and cannot attack it ({src})',
                          "l'attaquant est Charmé par la cible et ne peut pas l'attaquer ({src})"),
    'out_of_reach': ('target out of reach ({src})', "cible hors d'allonge ({src})"),
    'beyond_long_range': ('target beyond the long range of {m} m ({src})',
                          'cible au-delà de la portée longue de {m} m ({src})'),
    'attack_roll': ('attack ({label})', 'attaque ({label})'),
    'nat20': ('natural 20: critical hit, hits whatever the AC ({src})',
              '20 naturel : coup critique, touche quelle que soit la CA ({src})'),
    'nat1': ('natural 1: automatic miss ({src})', '1 naturel : raté automatique ({src})'),
    'auto_crit': ('{cond} target hit in melee within 1.5 m: critical hit ({src})',
                  'cible {cond} touchée au corps à corps à 1,5 m : coup critique ({src})'),
    'attacker_cond': ('attacker {cond} ({src})', 'attaquant {cond} ({src})'),
    'attacker_frightened': ('attacker Frightened, source in sight ({src})',
                            'attaquant Effrayé, source en vue ({src})'),
    'attacker_grappled': ('attacker Grappled, target other than the grappler ({src})',
                          "attaquant Agrippé, cible autre que l'agrippeur ({src})"),
    'target_cond': ('target {cond} ({src})', 'cible {cond} ({src})'),
    'target_prone_close': ('target Prone within 1.5 m ({src})', 'cible À terre à 1,5 m ou moins ({src})'),
    'target_prone_far': ('target Prone beyond 1.5 m ({src})', 'cible À terre à plus de 1,5 m ({src})'),
    'attacker_unseen': ('attacker unseen by the target ({src})', 'attaquant invisible pour la cible ({src})'),
    'target_unseen': ('target the attacker cannot see ({src})', "cible que l'attaquant ne voit pas ({src})"),
    'ranged_close': ('ranged attack with an enemy within 1.5 m ({src})',
                     'attaque à distance avec un ennemi à 1,5 m ({src})'),
    'long_range': ('long range ({src})', 'portée longue ({src})'),
    'heavy_small': ('heavy weapon wielded by a small creature ({src})',
                    'arme lourde maniée par une petite créature ({src})'),
    'flanking': ('flanking ({src})', 'prise en tenaille ({src})'),
    'flanking_rule': ('optional flanking rule', 'règle optionnelle de prise en tenaille'),
    'gm_call': ('{name} (GM)', '{name} (MJ)'),
    'cond_src': ('{cond} ({src})', '{cond} ({src})'),
    'initiative_sheet': ('Advantage on Initiative (sheet)', "Avantage à l'Initiative (fiche)"),
    'save_label': ('{ability} save DC {dc}', 'JS de {ability} DD {dc}'),
    'save_auto_fail_label': ('{label}: automatic failure', '{label} : échec automatique'),
    'auto_fail_str_dex': ('{cond}: automatically fails Strength and Dexterity saves ({src})',
                          '{cond} : échec automatique aux JS de Force et de Dextérité ({src})'),
    'total_cover_save': ('total cover: the effect should not reach the target ({src})',
                         "abri total : l'effet ne devrait pas atteindre la cible ({src})"),
    'unknown_manoeuvre': ('unknown manoeuvre "{name}" ({known:, }).',
                          'manœuvre inconnue « {name} » ({known:, }).'),
    'too_large': ('target more than one size larger than the attacker ({src})',
                  "cible plus d'une catégorie de taille au-dessus de l'attaquant ({src})"),
    'save_vs_dc': ('{ability} save {total} vs DC {dc}', 'JS de {ability} {total} contre DD {dc}'),
    'resists': ('the target resists', 'la cible résiste'),
    'grappled': ('target Grappled', 'cible Agrippée'),
    'pushed': ('target pushed 1.5 m', 'cible repoussée de 1,5 m'),
    'prone': ('target Prone', 'cible À terre'),
    'not_grappled': ('{name} is not Grappled: nothing to escape from',
                     "{name} n'est pas Agrippé : rien dont s'échapper"),
    'check_vs_dc': ('check {total} vs DC {dc}', 'test {total} contre DD {dc}'),
    'escaped': ('no longer Grappled', "n'est plus Agrippé"),
    'stabilised': ('the creature is Stable', 'la créature est Stabilisée'),
    'wakes': ('the knocked-out creature wakes up', 'la créature assommée reprend conscience'),
    'nothing_to_heal': ('nothing to tend: the creature is neither dying nor knocked out',
                        "rien à soigner : la créature n'est ni mourante ni assommée"),
    'death_save_label': ('death saving throw', 'jet de sauvegarde contre la mort'),
    'death_save': ('death save: {what}', 'jet contre la mort : {what}'),
    'death_nat20': ('natural 20: regains 1 HP and consciousness',
                    '20 naturel : récupère 1 pv et reprend conscience'),
    'death_failure': ('failure ({n}/3)', 'échec ({n}/3)'),
    'death_failure_nat1': ('failure (natural 1: two failures) ({n}/3)',
                           'échec (1 naturel : deux échecs) ({n}/3)'),
    'death_success': ('success ({n}/3)', 'réussite ({n}/3)'),
    'then_dead': ('{what}: dead', '{what} : mort'),
    'then_stable': ('{what}: Stable', '{what} : Stabilisé'),
    'exhaustion_penalty': ('{what} (d20 {roll} − {penalty} Exhaustion = {total})',
                           '{what} (d20 {roll} − {penalty} Épuisement = {total})'),
    'no_actions': ('Incapacitated: no action, bonus action or reaction ({src})',
                   'Neutralisé : ni action, ni action bonus, ni réaction ({src})'),
    'speed_zero': ('Speed 0 ({conds:, })', 'Vitesse 0 ({conds:, })'),
    'exhaustion_speed': ('Exhaustion level {level}: Speed −{m} m ({src})',
                         'Épuisement niveau {level} : Vitesse −{m} m ({src})'),
    'prone_stand': ('Prone: standing up costs half the Speed ({m} m), or crawl ({src})',
                    'À terre : se relever coûte la moitié de la Vitesse ({m} m), ou ramper ({src})'),
    'frightened_approach': ("Frightened: can't willingly move closer to the source of its fear",
                            "Effrayé : ne peut pas s'approcher volontairement de la source de sa peur"),
    'burning_roll': ('burning', 'embrasement'),
    'burning': ('burning: {n} fire damage ({src})', 'embrasé : {n} dégâts de feu ({src})'),
    'short_fall': ('fall of less than 3 m: no damage ({src})', 'chute de moins de 3 m : aucun dégât ({src})'),
    'fall_roll': ('fall of {m} m', 'chute de {m} m'),
    'into_liquid': ('entered the liquid: damage {n} → {half}', 'entrée dans le liquide réussie : dégâts {n} → {half}'),
    'fall_damage': ('{n}d6 bludgeoning damage ({src})', '{n}d6 dégâts contondants ({src})'),
    'fall_taken': ('damage taken: {n} of {of} ({src})', 'dégâts subis : {n} sur {of} ({src})'),
    'fall_prone': ('the creature is Prone ({src})', 'la créature est À terre ({src})'),
    'no_such_die': ('this roll has no die no. {n} ({count} dice).', "ce jet n'a pas de dé n° {n} ({count} dés)."),
}

# What each condition does, in words (`condition_effects`): English the 2024 PHB's, French the
# 2024 text's (003).
CONDITION_EFFECTS = {
    "blinded": [("fails any check that needs sight", "échoue aux tests qui demandent la vue"),
                ("attack rolls against it: Advantage", "jets d'attaque contre lui : Avantage"),
                ("its attack rolls: Disadvantage", "ses jets d'attaque : Désavantage")],
    "charmed": [("can't attack the charmer (the condition's source)", "ne peut pas attaquer celui qui l'a charmé (source de l'état)"),
                ("the charmer has Advantage on social checks", "le charmeur a l'Avantage aux tests d'interaction sociale")],
    "deafened": [("fails any check that needs hearing", "échoue aux tests qui demandent l'ouïe")],
    "exhaustion": [("d20 Tests: −2 × level", "Tests d20 : −2 × niveau"), ("Speed: −1.5 m × level", "Vitesse : −1,5 m × niveau"),
                   ("level 6: death", "niveau 6 : mort")],
    "frightened": [("Disadvantage on checks and attack rolls while the source is in sight",
                    "Désavantage aux tests et jets d'attaque tant que la source est en vue"),
                   ("can't willingly move closer to the source", "ne peut pas s'approcher volontairement de la source")],
    "grappled": [("Speed 0", "Vitesse 0"),
                 ("Disadvantage on attacks against any target but the grappler (the condition's source)",
                  "Désavantage aux attaques contre toute autre cible que l'agrippeur (source de l'état)"),
                 ("the grappler can move it (extra movement cost)", "l'agrippeur peut le déplacer (coût de déplacement supplémentaire)")],
    "incapacitated": [("no action, bonus action or reaction", "aucune action, action bonus ni réaction"),
                      ("loses Concentration", "perd la Concentration"),
                      ("Disadvantage on Initiative", "Désavantage à l'Initiative")],
    "invisible": [("Advantage on Initiative", "Avantage à l'Initiative"), ("its attack rolls: Advantage", "ses jets d'attaque : Avantage"),
                  ("attack rolls against it: Disadvantage", "jets d'attaque contre lui : Désavantage")],
    "paralyzed": [("Incapacitated, Speed 0", "Neutralisé, Vitesse 0"),
                  ("fails Strength and Dexterity saves", "échoue aux JS de Force et de Dextérité"),
                  ("attack rolls against it: Advantage", "jets d'attaque contre lui : Avantage"),
                  ("any melee hit within 1.5 m is a critical hit", "tout coup au corps à corps à 1,5 m ou moins est un coup critique")],
    "petrified": [("Incapacitated, Speed 0", "Neutralisé, Vitesse 0"),
                  ("fails Strength and Dexterity saves", "échoue aux JS de Force et de Dextérité"),
                  ("attack rolls against it: Advantage", "jets d'attaque contre lui : Avantage"),
                  ("resistance to all damage", "résistance à tous les dégâts"),
                  ("immune to the Poisoned condition", "immunisé contre l'état Empoisonné")],
    "poisoned": [("Disadvantage on attack rolls and ability checks", "Désavantage aux jets d'attaque et aux tests de caractéristique")],
    "prone": [("crawl, or stand up for half its Speed", "ramper, ou se relever pour la moitié de sa Vitesse"),
              ("its attack rolls: Disadvantage", "ses jets d'attaque : Désavantage"),
              ("attacks against it: Advantage within 1.5 m, Disadvantage beyond",
               "attaques contre lui : Avantage à 1,5 m ou moins, Désavantage au-delà")],
    "restrained": [("Speed 0", "Vitesse 0"), ("attack rolls against it: Advantage", "jets d'attaque contre lui : Avantage"),
                   ("its attack rolls: Disadvantage", "ses jets d'attaque : Désavantage"),
                   ("Disadvantage on Dexterity saves", "Désavantage aux JS de Dextérité")],
    "stunned": [("Incapacitated", "Neutralisé"), ("fails Strength and Dexterity saves", "échoue aux JS de Force et de Dextérité"),
                ("attack rolls against it: Advantage", "jets d'attaque contre lui : Avantage")],
    "unconscious": [("Incapacitated and Prone, drops what it holds", "Neutralisé et À terre, lâche ce qu'il tient"),
                    ("Speed 0", "Vitesse 0"), ("fails Strength and Dexterity saves", "échoue aux JS de Force et de Dextérité"),
                    ("attack rolls against it: Advantage", "jets d'attaque contre lui : Avantage"),
                    ("any melee hit within 1.5 m is a critical hit", "tout coup au corps à corps à 1,5 m ou moins est un coup critique")],
    "surprised": [("Disadvantage on the Initiative roll", "Désavantage au jet d'Initiative")],
    "burning": [("1d4 fire damage at the start of each of its turns", "1d4 dégâts de feu au début de chacun de ses tours"),
                ("an action to put itself out by going Prone", "une action pour s'éteindre en se mettant À terre")],
    "death_successes": [("level = number of successes; 3: stable", "niveau = nombre de réussites ; 3 : stabilisé")],
    "death_failures": [("level = number of failures; 3: dead", "niveau = nombre d'échecs ; 3 : mort")],
    "stable": [("at 0 hp, makes no more death saves", "à 0 pv, ne fait plus de jets contre la mort")],
    "dead": [("out of the fight for good", "hors de combat définitivement")],
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
    modifiers=MODIFIERS, damage=DAMAGE, notes=NOTES, effects=CONDITION_EFFECTS,
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
condition_effects = effects_of(PREFIX, CONDITION_EFFECTS)
note = namer(PREFIX, "note")


def condition_named(name: str) -> Message:
    """A condition by its label (« À terre », Prone)."""
    return Message.of(f"{PREFIX}.condition.{name}")

told = teller(PREFIX)


def ability_named(ability: str) -> Message:
    """An ability by its name (« Force », Strength)."""
    return named(f"ability_{ability}")

