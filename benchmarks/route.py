"""A legal drag route that brushes past enemies, so a drag benchmark exercises the
opportunity-attack code (a straight line across the stress map runs into a wall after two
squares and then only measures an illegal path).

Built once per session before timing: each step goes to the legal neighbouring square that
brings the token closest to the next foe it has not yet passed; once beside that foe, the
next nearest one becomes the goal, so the token keeps leaving enemies' reach."""

from __future__ import annotations

from typing import Any

from benchmarks.context import party_and_foes

Square = tuple[int, int]
_NEIGHBOURS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


def _gap(c: int, r: int, side: int, foe: Any) -> float:
    """Squares between the mover's space at (c, r) and the foe's space (0: adjacent)."""
    fs = max(1.0, float(foe.size.squares))
    dx = max(foe.col - (c + side), c - (foe.col + fs), 0.0)
    dy = max(foe.row - (r + side), r - (foe.row + fs), 0.0)
    return max(dx, dy)


def oa_route(session: Any, mover: Any, steps: int) -> list[Square]:
    """Up to `steps` squares, each a legal single step from the previous one."""
    grid = session.encounter.grid
    side = max(1, int(mover.size.squares))
    _, foes = party_and_foes(session.encounter)
    c, r = int(mover.col), int(mover.row)
    route: list[Square] = []
    seen = {(c, r)}
    passed: set[str] = set()
    while len(route) < steps:
        goals = [f for f in foes if f.id not in passed]
        if not goals:
            break
        goal = min(goals, key=lambda f: (_gap(c, r, side, f), f.id))
        if _gap(c, r, side, goal) < 1e-9:
            passed.add(goal.id)  # beside it: the next step away may provoke
            continue
        options = []
        for dc, dr in _NEIGHBOURS:
            nc, nr = c + dc, r + dr
            if not (0 <= nc <= grid.cols - side and 0 <= nr <= grid.rows - side):
                continue
            # New squares first; back over old ones only out of a dead end.
            options.append(((nc, nr) in seen, _gap(nc, nr, side, goal), abs(dc) + abs(dr),
                            nc, nr))
        step = None
        for back, *_, nc, nr in sorted(options):
            if session.preview_move(mover.id, [*route, (nc, nr)]).path.legal:
                step = (nc, nr)
                if back:
                    passed.add(goal.id)  # a dead end on the way to it: aim elsewhere
                break
        if step is None:
            passed.add(goal.id)  # walled off from this foe: try another
            if len(passed) == len(foes):
                break
            continue
        route.append(step)
        seen.add(step)
        c, r = step
    return route
