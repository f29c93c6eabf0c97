"""Brèche's own words (docs/rules/README.md#words-on-screen): what its text calls flanking, « tenaille »
(000_d623f1b22a06cede.txt, "Tenaille"). Keys are this system's; the common words are in
battlemap/text/catalogue."""

from battlemap.rules.core.words import ABILITY_NAMES, effects_of, namer, seed_words, spelled, teller
from battlemap.text import Message, catalogue

PREFIX = "breche35"
# The manoeuvres that provoke, as the text names them (English, French).
MANOEUVRES = {"bull_rush": ("bull rush", "bousculade"), "trip": ("trip", "croc-en-jambe"),
               "disarm": ("disarm", "désarmement"), "grapple": ("grapple", "lutte"),
               "overrun": ("overrun", "renversement")}

# Its conditions: id: (English, the seed's own word), the label every screen and log line
# shows; the rules' French notes quote the seed's word (`seed_word`).
CONDITIONS = {
    'prone': ('Prone', 'À terre'),
    'deafened': ('Deafened', 'Assourdi'),
    'blinded': ('Blinded', 'Aveuglé'),
    'staggered': ('Staggered', 'Chancelant'),
    'confused': ('Confused', 'Confus'),
    'dazzled': ('Dazzled', 'Ébloui'),
    'frightened': ('Frightened', 'Effrayé'),
    'entangled': ('Entangled', 'Enchevêtré'),
    'exhausted': ('Exhausted', 'Épuisé'),
    'stunned': ('Stunned', 'Étourdi'),
    'fascinated': ('Fascinated', 'Fasciné'),
    'fatigued': ('Fatigued', 'Fatigué'),
    'sickened': ('Sickened', 'Fiévreux'),
    'dazed': ('Dazed', 'Hébété'),
    'pinned': ('Pinned', 'Immobilisé (en lutte)'),
    'unconscious': ('Unconscious', 'Inconscient'),
    'nauseated': ('Nauseated', 'Nauséeux'),
    'panicked': ('Panicked', 'Paniqué'),
    'paralyzed': ('Paralyzed', 'Paralysé'),
    'flat_footed': ('Flat-footed', 'Pris au dépourvu'),
    'cowering': ('Cowering', 'Recroquevillé'),
    'helpless': ('Helpless', 'Sans défense'),
    'shaken': ('Shaken', 'Secoué'),
    'stable': ('Stable', 'Stable'),
    'grappling': ('Grappling', 'En lutte'),
    'invisible': ('Invisible', 'Invisible'),
    'charging': ('Charging', 'Charge'),
    'total_defense': ('Total defence', 'Défense totale'),
    'fighting_defensively': ('Fighting defensively', 'Combat sur la défensive'),
    'disabled': ('Disabled', 'Hors de combat'),
    'dying': ('Dying', 'Mourant'),
    'dead': ('Dead', 'Mort'),
}

# Its kinds of move, as its text names them: id: (English, the seed's word), "normal"
# first (ids of core/economy.MOVE_KINDS).
MOVE_KINDS = {
    'normal': ('move', 'se déplacer'),
    'step': ('5-foot step', 'pas de placement'),
    'withdraw': ('withdraw', 'retrait'),
    'charge': ('charge', 'charge'),
    'run': ('run', 'course'),
}
# Its manoeuvres as its text names them (English: the id in words): 000 "Manœuvres" (lutte,
# croc-en-jambe…), as the provoking table already names them.
MANOEUVRE_NAMES = {**{k: fr for k, (_, fr) in MANOEUVRES.items()},
                   "coup_de_grace": "coup de grâce"}
# The seed's word for a rules concept where it differs from the interface's usual French
# (docs/rules/README.md#words-on-screen); the English is the usual D&D term.
TERMS = {
    'cover': ('cover', 'couverture'),
    'flanking': ('flanking', 'tenaille'),
    'prone': ('prone', 'à terre'),
    'five_foot_step': ('5-foot step', 'pas de placement (1,5 m)'),
    'difficulty_class': ('DC', 'DD'),
}

# The names of its modifiers and target numbers (`named`): the D&D 3.5 term in English, the
# seed's words in French (000).
MODIFIERS = {
    **{f"ability_{en.lower()}": (en, fr) for en, fr in ABILITY_NAMES.values()},  # "strength"
    'short_strength': ('Str', 'For'),
    'short_dexterity': ('Dex', 'Dex'),
    'short_constitution': ('Con', 'Con'),
    'short_intelligence': ('Int', 'Int'),
    'short_wisdom': ('Wis', 'Sag'),
    'short_charisma': ('Cha', 'Cha'),
    'save_fortitude': ('Fortitude', 'Vigueur'),
    'save_reflex': ('Reflex', 'Réflexes'),
    'save_will': ('Will', 'Volonté'),
    'with_causes': ('{name} ({causes:, })', '{name} ({causes:, })'),
    'score_penalty': ('{condition} ({pen} {short})', '{condition} ({pen} {short})'),
    'condition_note': ('{condition} ({note})', '{condition} ({note})'),
    'prone_attacker': ('prone attacker', 'attaquant à terre'),
    'grappling_no_dex': ('{condition} (loses its Dexterity bonus)',
                         '{condition} (perd son bonus de Dextérité)'),
    'bab': ('Base attack bonus', 'BBA'),
    'size': ('Size', 'Taille'),
    'size_grapple': ('Size (grapple)', 'Taille (lutte)'),
    'enhancement': ('Enhancement (weapon)', 'Altération (arme)'),
    'weapon_bonus': ('Weapon bonus', "Bonus de l'arme"),
    'range': ('Range ({n} increment(s) past the first)', 'Portée ({n} facteur(s) au-delà du premier)'),
    'prone_target_ranged': ('Prone target (ranged)', 'Cible à terre (à distance)'),
    'into_melee': ('Shooting into melee', 'Tir dans une mêlée'),
    'flanking': ('Flanking', 'Tenaille'),
    'higher_ground': ('Higher ground', 'Attaquant en hauteur'),
    'prone_target_melee': ('Prone target (melee)', 'Cible à terre (corps à corps)'),
    'helpless_target': ('Helpless target', 'Cible sans défense'),
    'invisible_attacker': ('Invisible attacker', 'Attaquant invisible'),
    'charge': ('Charge', 'Charge'),
    'iterative': ('Iterative attack', 'Attaque supplémentaire'),
    'strength_two_handed': ('Strength × 1.5 (two-handed)', 'Force × 1,5 (à deux mains)'),
    'strength_off_hand': ('Strength × 0.5 (off hand)', 'Force × 0,5 (seconde main)'),
    'base': ('Base', 'Base'),
    'armour': ('Armour', 'Armure'),
    'shield': ('Shield', 'Bouclier'),
    'natural_armour': ('Natural armour', 'Armure naturelle'),
    'deflection': ('Deflection', 'Parade'),
    'dodge': ('Dodge', 'Esquive'),
    'other': ('Other (stat block)', 'Autres (bloc de stats)'),
    'dex_capped': ("Dexterity (armour's max.)", "Dextérité (max. de l'armure)"),
    'total_defense': ('Total defence', 'Défense totale'),
    'fighting_defensively': ('Fighting defensively', 'Combat sur la défensive'),
    'cover': ('Cover', 'Couverture partielle'),
    'helpless_dex': ('Helpless (Dex 0)', 'Sans défense (Dex 0)'),
    'misc_feats': ('Misc. (feats)', 'Divers (dons)'),
    'two_handed_weapon': ('Two-handed weapon', 'Arme à deux mains'),
    'light_weapon': ('Light weapon', 'Arme légère'),
    'save_base': ('Base ({save})', 'Base ({save})'),
    'spell_level': ('Spell level', 'Niveau du sort'),
    'ac_kinds': ('AC {ac} ({kinds:, })', 'CA {ac} ({kinds:, })'),
    'touch': ('touch', 'contact'),
    'flat_footed': ('flat-footed', 'pris au dépourvu'),
    # a condition that changes a roll, by its label (kept apart from the condition keys, which
    # a test's system of the same id may replace)
    **{f"condition_{cid}": pair for cid, pair in CONDITIONS.items()},
}

# Its rulings' sentences (`note`): notes, effects, roll labels, why a modifier is dropped;
# English the 3.5 SRD's terms, French the seed's (000). `{src}` is a citation.
NOTES = {
    'total_cover': ("total cover: it can't be targeted ({src})", 'couverture totale : on ne peut pas viser ({src})'),
    'prone_ranged': ('prone attacker: no ranged weapon but a crossbow or a firearm ({src})',
                     "attaquant à terre : pas d'arme à distance sauf arbalète ou arme à feu ({src})"),
    'total_defense': ('total defence: no attack this round (000 "Le round de combat")',
                      'défense totale : pas d\'attaque ce round (000 « Le round de combat »)'),
    'nauseated': ('nauseated: neither attack nor spell (000 "États")', 'nauséeux : ni attaque ni sort (000 « États »)'),
    'out_of_reach': ('target out of reach: the melee attack is not possible',
                     "cible hors d'allonge : l'attaque au corps à corps n'est pas possible"),
    'charging': ('charge: −2 to AC until the next turn (the "charging" condition)',
                 "charge : −2 à la CA jusqu'au prochain tour (état « charging »)"),
    'attack_roll': ('{label} attack', 'attaque {label}'),
    'nat20': ('natural 20: always hits', '20 naturel : touche toujours'),
    'nat1': ('natural 1: always misses', '1 naturel : rate toujours'),
    'concealment': ('concealment', 'camouflage'),
    'total_concealment': ('total concealment', 'camouflage total'),
    'blinded_attacker': ('blinded attacker: total concealment', 'attaquant aveuglé : camouflage total'),
    'invisible_target': ('invisible target: total concealment', 'cible invisible : camouflage total'),
    'miss_chance_roll': ('{why} ({chance} %)', '{why} ({chance} %)'),
    'miss_chance_missed': ('{why}: {roll} ≤ {chance} %, miss', '{why} : {roll} ≤ {chance} %, raté'),
    'confirm_roll': ('{label} confirmation', 'confirmation {label}'),
    'confirmed': ('possible critical ({nat}): confirmation {total} vs {ac} → confirmed',
                  'critique possible ({nat}) : confirmation {total} contre {ac} → confirmé'),
    'not_confirmed': ('possible critical ({nat}): confirmation {total} vs {ac} → not confirmed',
                      'critique possible ({nat}) : confirmation {total} contre {ac} → non confirmé'),
    'unseen_attacker': ("can't see the attacker (Invisible)", "ne voit pas l'attaquant (Invisible)"),
    'creatures_cover_ranged': ('creatures give cover only against ranged attacks',
                               'les créatures ne couvrent que contre les attaques à distance'),
    'helpless_dex': ('helpless: Dexterity counts as 0', 'sans défense : Dextérité comptée comme 0'),
    'loses_dex': ('loses its Dexterity and dodge bonus ({why})', "perd son bonus de Dextérité et d'esquive ({why})"),
    'touch_missed': ('touch attack {total} vs AC {ac}: miss', 'attaque de contact {total} contre CA {ac} : ratée'),
    'grapple_check': ('grapple {a} vs {b}', 'lutte {a} contre {b}'),
    'grappling': ('{a} and {t} are grappling', '{a} et {t} sont en lutte'),
    'pinned': ('{t} is pinned', '{t} est immobilisé'),
    'breaks_free': ('{a} breaks free', '{a} se dégage'),
    'nonlethal': ('{t} takes {n} nonlethal damage', '{t} subit {n} dégâts non létaux'),
    'not_helpless': ('{t} is not helpless: no coup de grace', "{t} n'est pas sans défense : pas de coup de grâce"),
    'auto_crit': ('automatic critical: {n} damage', 'critique automatique : {n} dégâts'),
    'fortitude_vs': ('Fortitude {total} vs DC {dc}', 'Vigueur {total} contre DD {dc}'),
    'dies': ('{t} dies (Fortitude failed)', '{t} meurt (Vigueur ratée)'),
    'pushed': ('{t} pushed back {m} m', '{t} repoussé de {m} m'),
    'falls_back': ('{a} fails and falls back 1.5 m', '{a} échoue et recule de 1,5 m'),
    'strength_vs': ('Strength {a} vs {b}', 'Force {a} contre {b}'),
    'falls_prone': ('{t} falls prone', '{t} tombe à terre'),
    'tripped_back': ('{a} falls prone (tripped in return)', '{a} tombe à terre (croc-en-jambe en retour)'),
    'disarm': ('disarm', 'désarmement'),
    'disarm_back': ('disarm in return', 'désarmement en retour'),
    'trip_back': ('trip in return', 'croc-en-jambe en retour'),
    'attack_vs': ('attack {a} vs {b}', 'attaque {a} contre {b}'),
    'drops': ('{t} drops {w}', '{t} lâche {w}'),
    'drops_back': ('{a} drops {w} (disarmed in return)', '{a} lâche {w} (désarmement en retour)'),
    'steps_aside': ('{t} steps aside: {a} passes', "{t} s'écarte : {a} passe"),
    'knocked_passes': ('{t} falls prone, {a} passes', '{t} tombe à terre, {a} passe'),
    'stopped': ('{a} is stopped', '{a} est arrêté'),
    'roll_of': ('{what}: {name}', '{what} : {name}'),
    'touch_roll': ('{what}: touch attack', '{what} : attaque de contact'),
    'not_against_partner': ('not against its grapple partner ({name}): "against the others"',
                            'pas contre son adversaire de lutte ({name}) : « contre les autres »'),
    'creature_cover_ac_only': ('cover by creatures: AC only', 'couverture par des créatures : CA seulement'),
    'save_roll': ('{save} save DC {dc}', 'sauvegarde de {save} DD {dc}'),
    'save_nat20': ('natural 20: automatic success', '20 naturel : réussite automatique'),
    'save_nat1': ('natural 1: automatic failure', '1 naturel : échec automatique'),
    'no_sr': ('no spell resistance', 'pas de résistance à la magie'),
    'caster_level_roll': ('caster level check', 'test de niveau de lanceur'),
    'sr_overcome': ('{roll} + {level} = {total} vs SR {sr}: the spell gets through',
                    '{roll} + {level} = {total} contre RM {sr} : la magie passe'),
    'sr_fails': ('{roll} + {level} = {total} vs SR {sr}: the spell fails',
                 '{roll} + {level} = {total} contre RM {sr} : la magie échoue'),
    'concentration_ranks': ('Ranks (Concentration)', 'Degrés (Concentration)'),
    'concentration_roll': ('Concentration check', 'test de Concentration'),
    'concentration_dc': ('DC 10 + {damage} damage + level {level} = {dc} ({src})',
                         'DD 10 + {damage} dégâts + niveau {level} = {dc} ({src})'),
    'fatigued_charge': ("fatigued: can't charge", 'fatigué : ne peut pas charger'),
    'flat_footed': ('Flat-footed', 'Pris au dépourvu'),
    'touch_ac': ('touch AC: no armour, shield or natural armour', 'CA de contact : sans armure, bouclier ni armure naturelle'),
    # dying (000 "Points de vie, mort et guérison")
    'stabilise_roll': ('stabilisation', 'stabilisation'),
    'stabilised': ('{roll} ≤ {pct} %: stable', '{roll} ≤ {pct} % : stabilisé'),
    'stabilises': ('becomes stable', 'se stabilise'),
    'loses_hp': ('{roll} > {pct} %: loses 1 hp', '{roll} > {pct} % : perd 1 pv'),
    'loses_hp_dying': ('loses 1 hp (dying)', 'perd 1 pv (mourant)'),
    # speed and a turn's actions (000 "États", "Le round de combat")
    'cannot_move': ("can't move", 'ne peut pas se déplacer'),
    'half_speed': ('half speed ({conds:, })', 'demi-vitesse ({conds:, })'),
    'tie_roll': ('tie-break', 'départage'),
    'initiative_of': ('initiative {name}', 'initiative {name}'),
    'tie_break': ('tie: d20 tie-break {rolls:, }', 'égalité : départage au d20 {rolls:, }'),
    'no_acting': ('does not act ({conds:, })', "n'agit pas ({conds:, })"),
    'nauseated_move': ('nauseated: one move action only', 'nauséeux : une seule action de mouvement'),
    'pinned_escape': ('pinned: can only try to break free', 'immobilisé : seulement tenter de se dégager'),
    'one_action': ('a single standard or move action', 'une seule action simple ou de mouvement'),
    'disabled_strenuous': ('disabled: a strenuous action costs 1 hp', 'hors de combat : une action fatigante fait perdre 1 pv'),
    'no_run_charge': ("can't run or charge", 'ne peut ni courir ni charger'),
    'full_round': ('a full-round action instead of the standard action and the move', "action complexe à la place de l'action simple et du mouvement"),
    'end_of': ('end of "{cond}"', 'fin de « {cond} »'),
}

# What each condition does, in words (`condition_effects`): English the 3.5 SRD's, French the
# seed's (000 "États" and the sections conditions.py cites).
CONDITION_EFFECTS = {
    "prone": [("−4 on melee attacks", "−4 aux attaques au corps à corps"),
              ("melee attacks against it +4, ranged −4", "attaques au corps à corps contre lui +4, à distance −4"),
              ("standing up: a move action", "se relever : action de mouvement")],
    "deafened": [("−4 on initiative", "−4 à l'initiative"),
                 ("20% failure of spells with a verbal component", "20 % d'échec des sorts à composante verbale")],
    "blinded": [("−2 to AC, loses its Dexterity bonus", "−2 à la CA, perd son bonus de Dextérité"),
                ("half speed", "demi-vitesse"),
                ("−4 on Strength and Dexterity checks", "−4 aux tests de Force et de Dextérité"),
                ("total concealment (50%) for all its opponents", "camouflage total (50 %) pour tous ses adversaires")],
    "staggered": [("a single standard or move action", "une seule action simple ou de mouvement")],
    "confused": [("acts at random (1d100 each round)", "agit au hasard (1d100 chaque round)")],
    "dazzled": [("−1 on attacks, Spot and Search", "−1 aux attaques, Détection et Fouille")],
    "frightened": [("−2 on attacks, saves and checks", "−2 aux attaques, sauvegardes et tests"),
                   ("flees the source of its fear", "fuit la source de sa peur")],
    "entangled": [("−2 on attacks, −4 to Dexterity", "−2 aux attaques, −4 en Dextérité"),
                  ("half speed", "demi-vitesse")],
    "exhausted": [("−6 to Strength and Dexterity", "−6 en Force et en Dextérité"), ("half speed", "demi-vitesse")],
    "stunned": [("drops what it holds, does not act", "lâche ce qu'il tient, n'agit pas"),
                ("−2 to AC, loses its Dexterity bonus", "−2 à la CA, perd son bonus de Dextérité")],
    "fascinated": [("motionless, does not act", "immobile, n'agit pas"),
                   ("−4 on reaction checks", "−4 aux tests de réaction")],
    "fatigued": [("−2 to Strength and Dexterity", "−2 en Force et en Dextérité"),
                 ("can't run or charge", "ne peut ni courir ni charger")],
    "sickened": [("−2 on attacks, damage, saves and checks", "−2 aux attaques, dégâts, sauvegardes et tests")],
    "dazed": [("does not act, keeps its AC", "n'agit pas, garde sa CA")],
    "pinned": [("can neither move nor act but to break free", "ne peut ni bouger ni agir sauf se dégager"),
               ("−4 to AC against the others", "−4 à la CA contre les autres")],
    "unconscious": [("helpless", "sans défense")],
    "nauseated": [("a single move action", "une seule action de mouvement"),
                  ("no attack, spell or concentration", "ni attaque, ni sort, ni concentration")],
    "panicked": [("drops what it holds and flees", "lâche ce qu'il tient et fuit"),
                 ("−2 on saves and checks", "−2 aux sauvegardes et tests")],
    "paralyzed": [("motionless and helpless", "immobile et sans défense")],
    "flat_footed": [("no Dexterity or dodge bonus to AC", "pas de bonus de Dextérité ni d'esquive à la CA"),
                    ("no attack of opportunity", "pas d'attaque d'opportunité")],
    "cowering": [("does not act", "n'agit pas"),
                 ("−2 to AC, loses its Dexterity bonus", "−2 à la CA, perd son bonus de Dextérité")],
    "helpless": [("Dexterity counts as 0 (−5 to AC)", "Dextérité comptée comme 0 (−5 à la CA)"),
                 ("melee attacks against it +4", "attaques au corps à corps contre lui +4"),
                 ("coup de grace possible", "coup de grâce possible")],
    "shaken": [("−2 on attacks, saves and checks", "−2 aux attaques, sauvegardes et tests")],
    "stable": [("dying but no longer losing hit points", "mourant qui ne perd plus de points de vie")],
    "grappling": [("threatens no one", "ne menace personne"),
                  ("loses its Dexterity bonus against the others", "perd son bonus de Dextérité contre les autres")],
    "invisible": [("+2 on attacks against a target that can't see it, which loses its Dexterity bonus",
                   "+2 aux attaques contre une cible qui ne le voit pas, qui perd son bonus de Dextérité"),
                  ("total concealment (50%)", "camouflage total (50 %)")],
    "charging": [("−2 to AC until the next turn", "−2 à la CA jusqu'au prochain tour")],
    "total_defense": [("+4 dodge bonus to AC", "+4 d'esquive à la CA"), ("no attack", "pas d'attaque"),
                      ("threatens no one (no attack of opportunity, no flanking)",
                       "ne menace personne (ni attaque d'opportunité, ni tenaille)")],
    "fighting_defensively": [("−4 on the round's attacks", "−4 aux attaques du round"),
                             ("+2 dodge bonus to AC", "+2 d'esquive à la CA")],
    "disabled": [("a single standard or move action", "une seule action simple ou de mouvement"),
                 ("a strenuous action costs 1 hp", "une action fatigante fait perdre 1 pv")],
    "dying": [("unconscious, loses 1 hp a round", "inconscient, perd 1 pv par round"),
              ("10% chance a round to become stable", "10 % de chances par round de se stabiliser")],
    "dead": [("at −10 hp", "à −10 pv")],
}

# What its damage rules say of a blow (damage.py, hp.py: `told`): the 3.5 English, the seed's
# French (000 "Attaquer", "Capacités spéciales", "Points de vie, mort et guérison").
DAMAGE = {
    'roll': ('damage ({weapon})', 'dégâts ({weapon})'),
    'extra_roll': ('{type} damage ({weapon})', 'dégâts {type} ({weapon})'),
    'multiplied': ('× {n} (critical hit)', '× {n} (coup critique)'),
    'minimum': ('minimum 1 point of damage', 'minimum 1 point de dégâts'),
    'not_multiplied': ('bonus dice ({dice:, }) not multiplied ({source})',
                       'dés de bonus ({dice:, }) non multipliés ({source})'),
    'resistance': ('resistance ({type}) {n}: {before} → {after} ({source})',
                   'résistance ({type}) {n} : {before} → {after} ({source})'),
    'reduction': ('DR {n}/{bypass}: {before} → {after} ({source})',
                  'RD {n}/{bypass} : {before} → {after} ({source})'),
    'bypassed': ('DR {n}/{bypass} overcome by the weapon ({source})',
                 "RD {n}/{bypass} contournée par l'arme ({source})"),
    'temp_hp': ('{n} temporary hit points absorbed', '{n} pv temporaires absorbés'),
    'wounded_again': ('wounded again: no longer stable', "blessé à nouveau : n'est plus stable"),
    'heal_dead': ('dead: no healing', 'mort : pas de soin'),
}

WORDS = spelled(
    PREFIX, conditions=CONDITIONS, move_kinds=MOVE_KINDS, manoeuvres=MANOEUVRE_NAMES, terms=TERMS,
    modifiers=MODIFIERS, damage=DAMAGE, notes=NOTES, effects=CONDITION_EFFECTS,
    en={
        f"{PREFIX}.flank.noun": 'flanking',
        f"{PREFIX}.flank.lead": '',
        # what provokes an opportunity attack (000 "Attaques d'opportunité", "Manœuvres")
        f"{PREFIX}.provokes.manoeuvre": '{name} in a threatened square, 000 "Manœuvres"',
        f"{PREFIX}.provokes.ranged": 'ranged attack in a threatened square, 000 "Attaques d\'opportunité"',
        f"{PREFIX}.provokes.unarmed": 'unarmed attack without the feat, 000 "Le round de combat" (actions)',
        f"{PREFIX}.feat.precise_shot": 'Precise Shot',
        **{f"{PREFIX}.manoeuvre_word.{k}": en for k, (en, _) in MANOEUVRES.items()},
    },
    fr={
        f"{PREFIX}.flank.noun": 'tenaille',
        f"{PREFIX}.flank.lead": 'tenaille : ',
        f"{PREFIX}.provokes.manoeuvre": "{name} dans une case menacée, 000 « Manœuvres »",
        f"{PREFIX}.provokes.ranged": "attaque à distance dans une case menacée, 000 « Attaques d'opportunité »",
        f"{PREFIX}.provokes.unarmed": "attaque à mains nues sans don, 000 « Le round de combat » (actions)",
        f"{PREFIX}.feat.precise_shot": 'Tir de précision',
        **{f"{PREFIX}.manoeuvre_word.{k}": fr for k, (_, fr) in MANOEUVRES.items()},
    },
)
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)


seed_word = seed_words(CONDITIONS)
named = namer(PREFIX)
condition_effects = effects_of(PREFIX, CONDITION_EFFECTS)


def condition_label(condition: str) -> Message:
    """A condition by its label (« À terre », Prone)."""
    return Message.of(f"{PREFIX}.condition.{condition}")


def manoeuvre_word(name: str) -> Message:
    """A manoeuvre as a roll's label names it (« croc-en-jambe », trip)."""
    return Message.of(f"{PREFIX}.manoeuvre_word.{name}")
note = namer(PREFIX, "note")

told = teller(PREFIX)


def condition_named(condition: str) -> Message:
    """A condition as a modifier's name: its label (« Pris au dépourvu », Flat-footed)."""
    return named(f"condition_{condition}")
