"""PMT's own words (RULES.md §5): its cover is « couvert » (004_49216c8abfe9f777.txt).
Keys are this system's; the common words are in battlemap/text/catalogue."""

from battlemap.text import catalogue

PREFIX = "pmt"

EN = {
    f"{PREFIX}.cover.name.none": 'no',
    f"{PREFIX}.cover.name.half": 'half',
    f"{PREFIX}.cover.name.three_quarters": 'three-quarters',
    f"{PREFIX}.cover.name.total": 'total',
}

FR = {
    f"{PREFIX}.cover.name.none": 'pas de couvert',
    f"{PREFIX}.cover.name.half": 'couvert partiel',
    f"{PREFIX}.cover.name.three_quarters": 'couvert important',
    f"{PREFIX}.cover.name.total": 'couvert total',
}

WORDS = {"en": EN, "fr": FR}
# Known to the catalogues as soon as anything of the system speaks (its policy, its rules).
catalogue.add(WORDS)
