"""What the engine answers without changing anything: previews, the map's geometry for the
rules (reach, threat, cover, crowded squares), budgets; situations are `engine.situations`."""

from battlemap.engine.queries.previews import (
    preview_area,
    preview_attack,
    preview_attacks,
    preview_manoeuvre,
    preview_move,
)

__all__ = ["preview_area", "preview_attack", "preview_attacks", "preview_manoeuvre",
           "preview_move"]
