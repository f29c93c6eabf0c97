"""AD&D 2bis's own words (docs/rules/README.md#words-on-screen): its step is the « 5′ step »
(001_dd346e63a171f715.txt, "Opportunity Attacks et Désengagement"). Keys are this system's;
the common words are in battlemap/text/catalogue."""

from battlemap.rules.core.words import ABILITY_NAMES, namer, seed_words, spelled
from battlemap.text import Message, catalogue

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

# Its rulings' sentences (`note`): English the AD&D 2e terms, French the seed's (001). `{src}`
# is a citation, `{cond}` a condition's label.
NOTES = {
    'total_cover': ('total cover: no target', 'couverture totale : pas de cible'),
    'fumble_ends': ('fumble: end of the round\'s actions and reactions ({src})',
                    'fumble : fin des actions et réactions du round ({src})'),
    'out_of_range': ('out of range (beyond long range, 3 × short)', 'hors de portée (au-delà de la portée longue, 3 × courte)'),
    'gm_call': ('{name} (GM)', '{name} (MJ)'),
    'cover_90': ('90% cover', 'Couverture 90 %'),
    'attack_roll': ('attack {weapon}', 'attaque {weapon}'),
    'nat20': ('natural 20: always hits (AD&D 2e)', '20 naturel : touche toujours (AD&D 2e)'),
    'miss_chance_roll': ('{chance}% miss chance', "{chance} % d'échec"),
    'invisible_miss': ('missed because of invisibility ({roll} ≤ {chance})', "raté à cause de l'invisibilité ({roll} ≤ {chance})"),
    'opposed': ('{a} {ta} vs {t} {tt} ({ability})', '{a} {ta} contre {t} {tt} ({ability})'),
    'attacker_fumble': ("the attacker's fumble", "fumble de l'assaillant"),
    'too_big_limbs': ('target too big or with more than 2 limbs/tentacles', 'cible trop grande ou avec plus de 2 membres/tentacules'),
    'oa_and_attack': ('provokes an OA and uses up an attack', 'déclenche une OA et consomme une attaque'),
    'oa_and_action': ('provokes an OA and uses up the combat action', "déclenche une OA et consomme l'action de combat"),
    'held': ('target grappled: speed 0, can only try to break free', 'cible attrapée : vitesse 0, ne peut que tenter de se libérer'),
    'moves_it': ('the attacker moves it at half its speed (move action)', "l'assaillant la déplace à la moitié de sa vitesse (move action)"),
    'feat_one_action': ("the attacker's feat: the target has only one action left", "feat de l'assaillant : la cible n'a plus qu'une action"),
    'target_oa': ('the target gets an immediate opportunity attack', "la cible a une attaque d'opportunité immédiate"),
    'not_grappled': ('{name} is not grappled: nothing to escape from', "{name} n'est pas attrapé : rien dont s'échapper"),
    'auto_escape': ('{name} escapes automatically (move action)', "{name} s'échappe automatiquement (move action)"),
    'escaped': ('{name} is no longer grappled', "{name} n'est plus attrapé"),
    'not_grappling': ('{a} is not grappling {t}', "{a} n'agrippe pas {t}"),
    'released': ('{t} is released (free action)', '{t} est libéré (action gratuite)'),
    'too_big': ('target too big', 'cible trop grande'),
    'more_legs': ('the target stands on more limbs than the attacker', "la cible a plus de membres qui la soutiennent que l'assaillant"),
    'pushed': ("target pushed back {ft}' ({m} m)", "cible repoussée de {ft}' ({m} m)"),
    'target_prone': ('target prone', 'cible au sol'),
    'attacker_prone': ('the attacker ends up prone', "l'assaillant se retrouve au sol"),
    'charge_short': ("less than 20' ({m} m < 6 m)", "moins de 20' ({m} m < 6 m)"),
    'charge_not_straight': ('not in a straight line', 'pas en ligne droite'),
    'charge_not_clear': ('ground not clear', 'terrain non dégagé'),
    'no_polearm': ('no thrusting polearm nor piercing weapon of enough reach', "pas de polearm d'estoc ni d'arme perçante d'allonge suffisante"),
    'not_expecting': ("wasn't expecting the charge (hold action or time to prepare)", "ne s'attendait pas à la charge (hold action ou temps de s'y préparer)"),
    'oa_on_charger': ('opportunity attack on the charger', "attaque d'opportunité contre le chargeur"),
    'if_hits': ('if it hits: the charge fails, neither acts again this round', "si elle touche : la charge échoue, aucun des deux n'agit plus ce round"),
    'held_used': ('held action (hold action) used', 'action réservée (hold action) employée'),
    'ac_bonus': ('+{n} AC', '+{n} CA'),
    'full_defence_only': ("no other action, movement down to 5'", "aucune autre action, déplacement réduit à 5'"),

    # dying (001 "Points de vie et mort")
    'zero_hp_hours': ('time at 0 hp (hours)', 'durée à 0 pv (heures)'),
    'exhausted_hours': ('exhausted (hours)', 'épuisé (heures)'),
    'con_made': ('CON check {total} ≥ {dc}: 1 hp, exhausted {hours} hours',
                 'check de CON {total} ≥ {dc} : 1 pv, épuisé {hours} heures'),
    'con_failed': ('CON check {total} < {dc}: goes to {hp} hp', 'check de CON {total} < {dc} : passe à {hp} pv'),
    'dead': ('dead', 'morte'),
    'not_below_zero': ('not below 0 hp', 'pas sous 0 pv'),
    'already_stable': ('already stable', 'déjà stabilisée'),
    'patient_why': ('{name}: {why}', '{name} : {why}'),
    'stable_after': ('stable after {n} round(s) of care', 'stabilisée après {n} round(s) de soins'),
    'care': ('care {done}/{need}: loses no hp while being stabilised',
             'soins {done}/{need} : ne perd pas de pv pendant la stabilisation'),
    'healer_busy': ('the healer gives it their whole attention', "le soignant s'y consacre entièrement"),
    'healing_in_rounds': ('Healing check in rounds {done}/{need} (DC {dc}): the creature loses hp meanwhile',
                          'check de Healing en rounds {done}/{need} (DC {dc}) : la créature perd des pv pendant ce temps'),
    'healing_first_turn': ("the Healing check's first turn of loss", 'perte du 1er turn du check de Healing'),
    'healing_check': ('Healing check {total} vs DC {dc}', 'check de Healing {total} contre DC {dc}'),
    'then_stable': ('{what}: stable', '{what} : stabilisée'),
    'then_failed': ('{what}: failure', '{what} : échec'),
    'two_turns': ('lasts 2 turns; loses hp during the 1st only', 'durée 2 turns ; ne perd des pv que pendant le 1er'),
    'stabilising': ('being stabilised: loses no hp', 'stabilisation en cours : ne perd pas de pv'),
    'bleeds_round': ('−6 to −10 hp: loses 1 hp a round', '−6 à −10 pv : perd 1 pv par round'),
    'bleeds': ('bleeds: −1 hp', 'saigne : −1 pv'),
    'bleeds_turn': ('bleeds: −1 hp (a turn = 100 rounds)', 'saigne : −1 pv (un turn = 100 rounds)'),
    'bleed_count': ('loses 1 hp a turn: {n}/{of} rounds', 'perd 1 pv par turn : {n}/{of} rounds'),
    # exhaustion (001 "Exhausted (Epuisé)")
    'exhaustion_loss': ('exhausted: {n} nonlethal hp lost (50% of {max})', 'épuisé : {n} pv non létaux perdus (50 % de {max})'),
    'exhaustion_stuns': ('the loss brings it to 0: stunned ({how_long})', "la perte l'amène à 0 : étourdi ({how_long})"),
    'exhaustion_pending': ('exhausted: loses 50% of its max hp as nonlethal', 'épuisé : perd 50 % de ses pv max en non létal'),
    'exhaustion_taken': ('exhausted: loss already taken', 'épuisé : perte déjà subie'),
    # fumbles (001 "Fumbles (natural 1/d20 toHit)"), the table's rows by their last face
    'fumble_1': ('Hits itself with its own weapon', 'Se touche avec sa propre arme'),
    'fumble_2': ('Attacks a partner with its weapon; failing that, itself (miss: 1d4 nonlethal)',
                 "Attaque un partenaire avec son arme ; à défaut s'attaque lui-même (raté : 1d4 non létal)"),
    'fumble_3': ('Takes the nearest partner\'s attack; failing that, a missile from the rear',
                 "Subit l'attaque du partenaire le plus proche ; à défaut un projectile de l'arrière"),
    'fumble_6': ('Stumbles: prone; CON DC 18 (10 with a helm) or 2d6 damage and unconscious 1 minute',
                 'Trébuche : au sol ; CON DC 18 (10 avec casque) ou 2d6 dommages et inconscient 1 minute'),
    'fumble_8': ('Drops everything in hand', "Lâche tout ce qu'il tient en main"),
    'fumble_11': ('Bad move: the opponent(s) get 1 opportunity attack',
                  "Mauvais mouvement : le ou les adversaires ont 1 attaque d'opportunité"),
    'fumble_13': ('The weapon strikes the ground/a wall: weapon save vs blow',
                  "L'arme frappe le sol/un mur : JS de l'arme contre coup"),
    'fumble_15': ('Loses a piece of armour: −2 AC for 1 turn, the time to fix it',
                  "Perd une pièce d'armure : −2 CA pendant 1 turn, le temps de la réparer"),
    'fumble_16': ("Strain: movement 10', 1d4 nonlethal, loses the DEX bonus until 10 hp are healed",
                  "Élongation : mouvement 10', 1d4 non létal, perd le bonus de DEX jusqu'à 10 pv soignés"),
    'fumble_17': ('Stuck weapon: Strength check DC 20 to free it', 'Arme coincée : check de Force DC 20 pour la libérer'),
    'fumble_18': ("Disoriented: loses the next round (5' step only) and the DEX bonus; Orientation DC 20 to avoid it",
                  "Désorientation : perd le prochain round (pas de 5' seulement) et le bonus de DEX ; Orientation DC 20 pour l'éviter"),
    'fumble_19': ('An old wound reopens: −1 hp a round unless resting', 'Une ancienne blessure se rouvre : −1 pv par round sauf au repos'),
    'fumble_20': ('Striking hand broken: disadvantage until the end of the encounter, 1d6 a round of use',
                  "Main qui frappe cassée : désavantage jusqu'à la fin de la rencontre, 1d6 par round d'usage"),
    'fumble_avoided': ('fumble avoided: DEX/Acrobatics {total} ≥ {dc}', 'fumble évité : DEX/Acrobatics {total} ≥ {dc}'),
    'fumble_table': ('fumble table', 'table des fumbles'),
    'fumble_confirmed': ('fumble confirmed ({total} < {dc}), d20 = {face}: {effect}',
                         'fumble confirmé ({total} < {dc}), d20 = {face} : {effect}'),
    'hits_itself': ('hits itself', 'se touche lui-même'),
    'fall': ('fall', 'chute'),
    'con_failed_fall': ('CON failed: 2d6 and unconscious 1 minute (or until the next damage)',
                        "CON raté : 2d6 et inconscient 1 minute (ou jusqu'au prochain dommage)"),
    'strain': ('strain', 'élongation'),
    'orientation_made': ('Orientation made: disorientation avoided', 'Orientation réussie : désorientation évitée'),
    # initiative (001 "INITIATIVE, FLANKING, SURPRISE")
    'initiative_disadvantage': ('disadvantage ({why:, }, {src})', 'désavantage ({why:, }, {src})'),
    'group_initiative': ('initiative of group {side}', 'initiative du groupe {side}'),
    'initiative_of': ('initiative {name}', 'initiative {name}'),
    'initiative_of_why': ('initiative {name}, {why}', 'initiative {name}, {why}'),
    'group_second_d10': ('{why}: group d10 {group}, second d10 {own}, the higher kept ({n})',
                         '{why} : d10 du groupe {group}, second d10 {own}, le plus haut gardé ({n})'),
    'two_d10': ('{why}: two d10, the higher kept', '{why} : deux d10, le plus haut gardé'),
    'nat10': ('natural 10: never modified', '10 naturel : jamais modifié'),
}

WORDS = spelled(
    PREFIX, conditions=CONDITIONS, move_kinds=MOVE_KINDS, manoeuvres=MANOEUVRE_NAMES, terms=TERMS,
    modifiers=MODIFIERS, notes=NOTES,
    en={
        f"{PREFIX}.step.name": "5' step",
        f"{PREFIX}.provokes.in_zone": "{action} in its zone of control, {why}",
        f"{PREFIX}.action.grapple": "grapple",
        f"{PREFIX}.action.trip": "trip",
    },
    fr={
        f"{PREFIX}.step.name": "pas de placement (5')",
        f"{PREFIX}.provokes.in_zone": "{action} dans sa zone de contrôle, {why}",
        f"{PREFIX}.action.grapple": "lutte",
        f"{PREFIX}.action.trip": "croc-en-jambe",
    },
)
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)


seed_word = seed_words(CONDITIONS)
named = namer(PREFIX)
note = namer(PREFIX, "note")


def condition_named(name: str) -> Message:
    """A condition by its label (« Au sol », Prone)."""
    return Message.of(f"{PREFIX}.condition.{name}")
