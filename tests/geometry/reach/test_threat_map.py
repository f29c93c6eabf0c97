"""The threat map kept along a drag skips creatures by their known reach (threats.py,
`_Known.margin`) and still finds exactly the zones a fresh map finds, region after region:
a mover walking toward an ogre whose 3 m reach starts to matter only near the end, past
allies (never threats) and a creature with no reach."""

from __future__ import annotations

from battlemap.geometry import MapGeometry
from battlemap.geometry.reach.threat_map import ThreatMap, threat_map
from tests.geometry.conftest import build_scene, tok


def test_remembered_margins_give_the_fresh_zones_at_every_region():
    toks = [tok("m", 0, 5, side="party"), tok("ogre", 14, 5, size="large", reach_m=3.0),
            tok("g1", 9, 2), tok("ally", 6, 6, side="party"), tok("crate", 4, 8, reach_m=0.0)]
    s = build_scene("dnd2024", toks, cols=20, rows=12)
    fresh = MapGeometry(s.encounter, s.geo.walls)
    seen = []
    for x in range(1, 12):
        region = (0.0, 5.0, float(x + 1), 6.0)  # the path's box so far
        kept = threat_map(s.geo, "m", s.policy, None, None, region)
        new = ThreatMap(fresh, "m", s.policy, region=region)
        assert kept.zones == new.zones
        seen.append(sorted(kept.zones))
    # A creature is asked once the path's box comes within its reach plus one square:
    # the goblin (1.5 m, box from col 9) when the box ends at col 7 (x = 6), the ogre (3 m,
    # box from col 14) at col 11 (x = 10); the ally and the crate never.
    assert seen[4] == [] and seen[5] == ["g1"]
    assert seen[8] == ["g1"] and seen[9] == ["g1", "ogre"]
