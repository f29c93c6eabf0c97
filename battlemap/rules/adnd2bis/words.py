"""AD&D 2bis's own words (RULES.md §5): its step is the « 5′ step »
(001_dd346e63a171f715.txt, "Opportunity Attacks et Désengagement"). Keys are this system's;
the common words are in battlemap/text/catalogue."""

from battlemap.text import catalogue

PREFIX = "adnd2bis"

EN = {
    f"{PREFIX}.step.name": "5' step",
    f"{PREFIX}.provokes.in_zone": "{action} in its zone of control, {why}",
    f"{PREFIX}.action.grapple": "grapple",
    f"{PREFIX}.action.trip": "trip",
}

FR = {
    f"{PREFIX}.step.name": "pas de placement (5')",
    f"{PREFIX}.provokes.in_zone": "{action} dans sa zone de contrôle, {why}",
    f"{PREFIX}.action.grapple": "lutte",
    f"{PREFIX}.action.trip": "croc-en-jambe",
}

WORDS = {"en": EN, "fr": FR}
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)
