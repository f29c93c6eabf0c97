"""Which squares and creatures an area of effect covers, and why (DESIGN.md §4.7, RULES.md
§3): the squares (`squares`), the templates' shapes (`shapes`), the tokens hit (`tokens`)."""

from battlemap.geometry.areas.shapes import Placed, outline, place, token_area_origin
from battlemap.geometry.areas.squares import area_squares
from battlemap.geometry.areas.tokens import Owners, owners

__all__ = ["Owners", "Placed", "area_squares", "outline", "owners", "place",
           "token_area_origin"]
