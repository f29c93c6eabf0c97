"""Brèche's own words (RULES.md §5): what its text calls flanking, « tenaille »
(000_d623f1b22a06cede.txt, "Tenaille"). Keys are this system's; the common words are in
battlemap/text/catalogue."""

from battlemap.text import catalogue

PREFIX = "breche35"
# The manoeuvres that provoke, as the text names them (English, French).
MANOEUVRES = {"bull_rush": ("bull rush", "bousculade"), "trip": ("trip", "croc-en-jambe"),
               "disarm": ("disarm", "désarmement"), "grapple": ("grapple", "lutte"),
               "overrun": ("overrun", "renversement")}

EN = {
    f"{PREFIX}.flank.noun": 'flanking',
    f"{PREFIX}.flank.lead": '',
    # what provokes an opportunity attack (000 "Attaques d'opportunité", "Manœuvres")
    f"{PREFIX}.provokes.manoeuvre": '{name} in a threatened square, 000 "Manœuvres"',
    f"{PREFIX}.provokes.ranged": 'ranged attack in a threatened square, 000 "Attaques d\'opportunité"',
    f"{PREFIX}.provokes.unarmed": 'unarmed attack without the feat, 000 "Le round de combat" (actions)',
    **{f"{PREFIX}.manoeuvre_word.{k}": en for k, (en, _) in MANOEUVRES.items()},
}

FR = {
    f"{PREFIX}.flank.noun": 'tenaille',
    f"{PREFIX}.flank.lead": 'tenaille : ',
    f"{PREFIX}.provokes.manoeuvre": "{name} dans une case menacée, 000 « Manœuvres »",
    f"{PREFIX}.provokes.ranged": "attaque à distance dans une case menacée, 000 « Attaques d'opportunité »",
    f"{PREFIX}.provokes.unarmed": "attaque à mains nues sans don, 000 « Le round de combat » (actions)",
    **{f"{PREFIX}.manoeuvre_word.{k}": fr for k, (_, fr) in MANOEUVRES.items()},
}

WORDS = {"en": EN, "fr": FR}
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)
