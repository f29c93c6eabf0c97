"""Who threatens which squares (docs/architecture.md#threatened-squares): a token's threatened squares
(`threatened`), every enemy's zone near a path (`threat_map`), and flanking (`flanked`)."""

from battlemap.geometry.reach.flanked import flanking
from battlemap.geometry.reach.threat_map import ThreatMap, threat_map
from battlemap.geometry.reach.threatened import (
    CanThreaten,
    Reach,
    ReachOf,
    as_reach,
    default_can_threaten,
    default_reach,
    reach_zone,
    threat_set,
    threatened_squares,
)

__all__ = ["CanThreaten", "Reach", "ReachOf", "ThreatMap", "as_reach", "default_can_threaten",
           "default_reach", "flanking", "reach_zone", "threat_map", "threat_set",
           "threatened_squares"]
