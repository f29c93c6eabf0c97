"""What the players' tokens see of the map (fog of war): the visible region of a group of
viewpoints and of each one (`visible`)."""

from battlemap.geometry.vision.visible import (
    party_viewpoints,
    seen_from,
    seen_regions,
    shadow_polygons,
    visible_region,
)

__all__ = ["party_viewpoints", "seen_from", "seen_regions", "shadow_polygons",
           "visible_region"]
