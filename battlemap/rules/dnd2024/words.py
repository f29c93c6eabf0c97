"""D&D 2024's own words (RULES.md §5): its cover is « abri » (003_04e386f09d3dfd89.txt,
"L'abri"). Keys are this system's; the common words are in battlemap/text/catalogue."""

from battlemap.text import catalogue

PREFIX = "dnd2024"

EN = {
    f"{PREFIX}.cover.name.none": 'no',
    f"{PREFIX}.cover.name.half": 'half',
    f"{PREFIX}.cover.name.three_quarters": 'three-quarters',
    f"{PREFIX}.cover.name.total": 'total',
}

FR = {
    f"{PREFIX}.cover.name.none": "pas d'abri",
    f"{PREFIX}.cover.name.half": 'abri partiel',
    f"{PREFIX}.cover.name.three_quarters": 'abri supérieur',
    f"{PREFIX}.cover.name.total": 'abri total',
}

WORDS = {"en": EN, "fr": FR}
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)
