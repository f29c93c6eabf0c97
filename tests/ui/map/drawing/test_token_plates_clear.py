"""At play zoom (1:1) a token's name plate covers none of its badges (initiative, elevation,
conditions) nor the condition badges of the tokens around it, and no two badges of a token
cover each other (« HÉ » used to cover « AT »), nor do the badges of two tokens side by
side. Small, Medium and Large, 1 to 3 conditions."""

import pytest

from ..conftest import make_encounter, make_session

CONDITIONS = ["prone", "dazed", "blinded"]


def _column(size: str, n: int) -> list[dict]:
    """Three tokens of `size`: one, the one right under it, the one under it on the right."""
    side = 2 if size == "large" else 1
    look = dict(size=size, conditions=[{"name": c} for c in CONDITIONS[:n]], initiative=12,
                elevation_m=3.0)
    return [dict(id="up", name="Voyou au blouson", col=2, row=1, **look),
            dict(id="down", name="Voyou à la batte", col=2, row=1 + side, **look),
            dict(id="diag", name="Guetteur du coin", col=2 + side, row=1 + side, **look)]


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("size", ["small", "medium", "large"])
def test_name_plates_and_badges_do_not_overlap_at_play_zoom(map_view, size, n):
    s = make_session(make_encounter(system="breche35", cols=10, rows=10,
                                    tokens=_column(size, n)))
    view = map_view(s)
    view.resetTransform()  # play zoom: one scene pixel a screen pixel
    assert view.zoom() == 1.0
    items = view.map_scene.tokens.values()
    badges = {it.token_id: it.badge_rects() for it in items}
    conditions = {it.token_id: it.badge_rects(conditions_only=True) for it in items}
    assert all(len(b) == n + 2 for b in badges.values())
    assert all(len(c) == n for c in conditions.values())
    for item in items:
        plate = item.name_rect(1.0)
        assert not plate.isEmpty()
        for owner in badges:
            rects = badges[owner] if owner == item.token_id else conditions[owner]
            hit = [r for r in rects if r.intersects(plate)]
            assert not hit, f"{item.token_id}'s name plate {plate} covers {owner}'s badges {hit}"
        own = badges[item.token_id]
        for i, a in enumerate(own):
            assert not any(a.intersects(b) for b in own[i + 1:]), f"{item.token_id}: {own}"
    # Side by side, the elevation of one and the initiative of the other stay apart.
    left, right = badges["down"], badges["diag"]
    assert not any(a.intersects(b) for a in left for b in right), (left, right)
