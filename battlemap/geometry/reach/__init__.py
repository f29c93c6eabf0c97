"""Who threatens which squares (DESIGN.md §4.6): a token's threatened squares
(`threatened`), every enemy's zone near a path (`threat_map`), and flanking (`flanked`)."""

from battlemap.geometry.reach.flanked import flanking
from battlemap.geometry.reach.threat_map import ThreatMap, threat_map
from battlemap.geometry.reach.threatened import (
    CanThreaten,
    ReachOf,
    default_can_threaten,
    default_reach,
    threat_set,
    threatened_squares,
)

__all__ = ["CanThreaten", "ReachOf", "ThreatMap", "default_can_threaten", "default_reach",
           "flanking", "threat_map", "threat_set", "threatened_squares"]
