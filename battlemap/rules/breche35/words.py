"""Brèche's own words (docs/rules/README.md#words-on-screen): what its text calls flanking, « tenaille »
(000_d623f1b22a06cede.txt, "Tenaille"). Keys are this system's; the common words are in
battlemap/text/catalogue."""

from battlemap.rules.core.words import ABILITY_NAMES, namer, seed_words, spelled, teller
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
    modifiers=MODIFIERS, damage=DAMAGE,
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

told = teller(PREFIX)


def condition_named(condition: str) -> Message:
    """A condition as a modifier's name: its label (« Pris au dépourvu », Flat-footed)."""
    return named(f"condition_{condition}")
