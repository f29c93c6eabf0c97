"""Is a line clear, and what stops it: line of effect and of sight between two points or two
spaces (`clear`), the walls and creatures stopping many lines at once (`blockers`), lines from
one point to many squares for areas (`from_point`), and why one is cut (`why_blocked`)."""

from battlemap.geometry.lines._rays import RayFan
from battlemap.geometry.lines.clear import any_clear_line, line_of_effect, line_of_sight
from battlemap.geometry.lines.from_point import Span, effect_from
from battlemap.geometry.lines.why_blocked import cut_off_text, effect_blocker

__all__ = ["RayFan", "Span", "any_clear_line", "cut_off_text", "effect_blocker", "effect_from",
           "line_of_effect", "line_of_sight"]
