"""Brèche's own words (docs/rules/README.md#words-on-screen): what its text calls flanking, « tenaille »
(000_d623f1b22a06cede.txt, "Tenaille"). Keys are this system's; the common words are in
battlemap/text/catalogue."""

from battlemap.rules.core.words import seed_words, spelled
from battlemap.text import catalogue

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

WORDS = spelled(
    PREFIX, conditions=CONDITIONS, move_kinds=MOVE_KINDS, manoeuvres=MANOEUVRE_NAMES, terms=TERMS,
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
