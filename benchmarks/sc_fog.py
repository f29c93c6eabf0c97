"""Fog of war for one eye (`geometry.visibility`): in a cave exported as one outline of
20,000 points (`cave`), and from each party token of the stress map, every view worked out
from scratch (the merged wall runs, built once per wall layout, before). The naive method
(`naive.naive_seen_from`: every wall's shadow, one at a time, united) runs in the same run
on the cave once and on a few stress eyes; the regions must be equal.

Then the players' window in that cave with a party of five: one of them moves and the fog is
painted again (`ui.map.fog`); the fog item as it was before 2026-12-01 (GEOS union and mitred
buffer of the five views, one path) is the baseline, in the same view, and the two pictures
must match but for the few pixels of the mitre's spikes."""

from __future__ import annotations

import statistics
import time
from typing import Any

from benchmarks.context import Context
from benchmarks.harness import Timing, gc_paused, not_available

CAVE_TARGET = "≤ 100 ms"
SAME = 1e-6  # area of the symmetric difference (grid units²) below which regions are equal


def _view_ms(geo: Any, eye: tuple[float, float]) -> tuple[float, Any]:
    from battlemap.geometry.vision.visible import visible_region

    geo.walls.seen_cache.clear()
    t0 = time.perf_counter()
    region = visible_region(geo, [eye])
    return (time.perf_counter() - t0) * 1000, region


def _naive_ms(geo: Any, eye: tuple[float, float], fast: Any) -> tuple[float, float]:
    """(ms of the naive view, area where it and the fast one differ); raises if they do."""
    import shapely

    from benchmarks.baselines.geometry import naive_seen_from

    t0 = time.perf_counter()
    region = naive_seen_from(geo, eye)
    ms = (time.perf_counter() - t0) * 1000
    diff = float(shapely.area(shapely.symmetric_difference(region, fast)))
    if diff > SAME:
        raise AssertionError(f"fog of {eye}: the fast and naive regions differ by {diff:.3g}")
    return ms, diff


def cave_row(ctx: Context) -> Timing:
    from battlemap.geometry import MapGeometry
    from benchmarks.cave import cave_encounter, cave_eye

    s = ctx.sizes
    geo = MapGeometry(cave_encounter(s.fog_cave_points))
    eye = cave_eye()
    _, region = _view_ms(geo, eye)  # the runs, imports
    with gc_paused():
        samples = [_view_ms(geo, eye)[0] for _ in range(s.fog_cave_repeat)]
    naive, diff = _naive_ms(geo, eye, region)
    segs = len(geo.walls)
    return Timing(f"fog of war: one eye in a cave of {s.fog_cave_points:,} points, from scratch",
                  samples, baseline_ms=[naive], target=CAVE_TARGET,
                  note=f"{segs:,} wall segments; angular sweep; naive measured once, "
                       f"regions equal (Δ area {diff:.1g})")


def stress_row(ctx: Context) -> Timing:
    from battlemap.geometry.vision.visible import party_viewpoints, visible_region

    s = ctx.sizes
    session = ctx.session("dnd2024")
    geo = session.geo
    eyes = party_viewpoints(session.encounter.tokens)
    visible_region(geo, eyes)  # the runs, imports
    with gc_paused():
        timed = [_view_ms(geo, e) for e in eyes]
    samples = [ms for ms, _ in timed]
    naive, worst = [], 0.0
    for eye, (_, region) in zip(eyes[:s.fog_naive_eyes], timed, strict=False):
        ms, diff = _naive_ms(geo, eye, region)
        naive.append(ms)
        worst = max(worst, diff)
    geo.walls.seen_cache.clear()
    return Timing(f"fog of war: one eye on the stress map (each of the {len(eyes)} party tokens), "
                  "from scratch", samples, baseline_ms=naive,
                  paired_ms=samples[:len(naive)],
                  note=f"naive on the first {len(naive)}, regions equal (Δ area ≤ {worst:.1g})")


# Top-left squares of the party in the 100×100 cave (`cave_encounter`), clear of the pillars;
# the first one moves a square right and back.
PARTY = ((50, 50), (47, 47), (53, 54), (44, 60), (58, 40))
MOVE_TARGET = "≤ 50 ms"
PICTURES_DIFFER = 0.01  # share of the pixels that may differ between the old and new fog


def legacy_fog(session: Any, grid_rect: Any) -> Any:
    """The fog item as it was before 2026-12-01: the exact region (`visible_region`: GEOS
    union of the views, then the mitred buffer by the margin) turned into one path."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter, QPainterPath

    from battlemap.ui.map.drawing.fog import FOG, FogItem, party_region, viewpoints
    from battlemap.ui.map.drawing.overlays.area_overlay import shape_path

    class LegacyFog(FogItem):
        def refresh(self) -> None:
            self._timer.stop()
            self._stale = False
            self.prepareGeometryChange()
            grid = self._grid_rect()
            whole = QPainterPath()
            whole.addRect(grid)
            self._grid = QRectF(grid)
            self._seen = viewpoints(self.session)
            self.legacy_path = whole.subtracted(shape_path(party_region(self.session)))
            self._bounds = grid.adjusted(-2, -2, 2, 2)
            self.computations += 1
            self.update()

        def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
            self.refresh_if_stale()
            p.fillPath(self.legacy_path, FOG)

    return LegacyFog(session, grid_rect)


def _move_ms(session: Any, view: Any, mover: str, col: int) -> float:
    """One party move to a square the mover has not seen from (its view is swept, the others'
    are remembered), to the players' window repainted with its fog."""
    cache = session.geo.walls.seen_cache
    eye = (col + 0.5, session.token(mover).row + 0.5)
    for key in [k for k in cache if k[:2] == eye]:
        del cache[key]
    t0 = time.perf_counter()
    session.update_token(mover, col=col)
    view.fog.refresh_if_stale()  # what the fog's 0-ms timer does on the next loop turn
    view.viewport().repaint()
    return (time.perf_counter() - t0) * 1000


def _pixels(view: Any) -> Any:
    import numpy as np
    from PySide6.QtGui import QImage

    img = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(img.constBits(), np.uint8, count=img.sizeInBytes())
    rows = rows.reshape(img.height(), img.bytesPerLine())[:, :img.width() * 4]
    return rows.reshape(img.height(), img.width(), 4)[..., :3].astype(int)


def _qt_missing() -> str | None:
    """Why the Qt rows cannot run (Qt not importable), or None (the application made)."""
    try:
        from benchmarks.sc_qt import qt_app

        qt_app()
        import battlemap.ui.map  # noqa: F401 (importable)
    except ImportError as err:
        return f"Qt not importable: {err}"
    return None


def _cave_party(ctx: Context) -> Any:
    """A session on the cave with the party of five (`PARTY`), the first one the mover."""
    from battlemap.engine import Session
    from battlemap.model import Token
    from benchmarks.cave import cave_encounter

    party = [Token(id=f"pc{i}", name=f"PC {i}", side="party", col=c, row=r)
             for i, (c, r) in enumerate(PARTY)]
    enc = cave_encounter(ctx.sizes.fog_cave_points)
    return Session(enc.model_copy(update={"tokens": party}), seed=1)


def party_move_row(ctx: Context) -> Timing:
    name = (f"players' window fog after one party member moves, 5 viewers in the cave of "
            f"{ctx.sizes.fog_cave_points:,} points")
    why = _qt_missing()
    if why is not None:
        return not_available(name, why, MOVE_TARGET)
    from battlemap.ui.map import MapView
    from benchmarks.sc_qt import close_view, qt_app

    s = ctx.sizes
    session = _cave_party(ctx)
    mover, col = "pc0", PARTY[0][0]
    view = MapView(session, role="player")
    try:
        view.resize(1920, 1080)
        view.show()
        view.fit()  # the whole cave in view: the most of the outline on screen
        qt_app().processEvents()
        view.set_fog(True)
        view.viewport().repaint()
        _move_ms(session, view, mover, col + 1)
        _move_ms(session, view, mover, col)  # first paints and imports, not timed
        with gc_paused():
            new = [_move_ms(session, view, mover, col + (k + 1) % 2)
                   for k in range(2 * s.fog_cave_repeat)]
        picture = _pixels(view)
        view.set_fog(False)
        view.fog = legacy_fog(session, view.map_scene.grid_rect)
        view.map_scene.addItem(view.fog)
        view.fog.refresh()
        with gc_paused():
            old = [_move_ms(session, view, mover, col + (k + 1) % 2)
                   for k in range(s.fog_naive_eyes)]
        if len(old) % 2:  # back where the new fog's last picture was taken
            _move_ms(session, view, mover, col + len(new) % 2)
        before = _pixels(view)
        view.set_fog(False)
    finally:
        close_view(view)
    differ = float((abs(picture - before).max(axis=2) > 64).mean())
    if differ > PICTURES_DIFFER:
        raise AssertionError(f"the fog's picture differs from the old one in {differ:.2%} of "
                             "the pixels")
    return Timing(name, new, baseline_ms=old, target=MOVE_TARGET,
                  note=f"move to the repainted 1920×1080 window, whole cave in view; the "
                       f"mover's view swept, the others' remembered; baseline: the fog item "
                       f"before 2026-12-01 (GEOS union + mitred buffer), same view; pictures "
                       f"differ in {differ:.2%} of the pixels (the mitre's spikes)")


DROP_TARGET = "the players' fog off the GM's time"
DROP_COLS = range(46, 55)  # squares of the mover's row (50) in the cave, clear of the pillars


def _drop_ms(session: Any, gm: Any, players: Any, mover: str,
             col: int) -> tuple[float, float, float]:
    """(GUI thread CPU ms, wall ms, wall ms until the players' fog is whole) of one GM drop of a party token on a square none of the
    party saw from: the command, then the event loop's turn after it (the fog's 0-ms timer,
    the posted repaints) and both windows repainted, which is what the GM's next mouse event
    waits for. Then the players' fog is let settle (the next drop starts at rest)."""
    from benchmarks.sc_qt import qt_app

    cache = session.geo.walls.seen_cache
    eye = (col + 0.5, session.token(mover).row + 0.5)
    for key in [k for k in cache if k[:2] == eye]:
        del cache[key]
    c0, w0 = time.thread_time(), time.perf_counter()
    session.update_token(mover, col=col)
    qt_app().processEvents()
    players.viewport().repaint()
    gm.viewport().repaint()
    cpu, wall = (time.thread_time() - c0) * 1000, (time.perf_counter() - w0) * 1000
    fog = players.fog
    while not fog.settled:
        fog.settle()
        qt_app().processEvents()
    return cpu, wall, (time.perf_counter() - w0) * 1000


def gm_drop_row(ctx: Context) -> Timing:
    """The GM's drop with the players' window open on the cave, its fog worked out on the
    GUI thread (before) or on the worker (`ui.map.drawing._fog_worker`, after)."""
    name = (f"GM's drop of a party token, players' window open with fog, cave of "
            f"{ctx.sizes.fog_cave_points:,} points (GUI thread CPU)")
    why = _qt_missing()
    if why is not None:
        return not_available(name, why, DROP_TARGET)
    import random

    from battlemap.ui.map import MapView
    from benchmarks.sc_qt import close_view, qt_app

    s = ctx.sizes
    session = _cave_party(ctx)
    mover = "pc0"
    rng = random.Random(26)
    gm, players = MapView(session, role="gm"), MapView(session, role="player")
    runs: dict[bool, list[tuple[float, float, float]]] = {}
    try:
        for v in (gm, players):
            v.resize(960, 720)
            v.show()
            v.fit()
        players.set_fog(True)
        qt_app().processEvents()
        for background in (False, True):
            if background:
                players.fog.in_background()
            col = session.token(mover).col
            timed = []
            for k in range(2 * s.fog_cave_repeat + 1):
                col = rng.choice([c for c in DROP_COLS if c != col])
                sample = _drop_ms(session, gm, players, mover, col)
                if k:  # the first one pays the imports and the first paints
                    timed.append(sample)
            runs[background] = timed
        players.set_fog(False)
    finally:
        close_view(players)
        close_view(gm)
    old, new = runs[False], runs[True]
    med = statistics.median
    return Timing(name, [c for c, _, _ in new], baseline_ms=[c for c, _, _ in old],
                  target=DROP_TARGET,
                  note=f"the command, the loop's next turn and both 960×720 windows "
                       f"repainted, at {len(new)} random squares (seed 26) none of the "
                       f"party saw from; baseline: the same with the fog on the GUI thread; "
                       f"wall median {med(w for _, w, _ in new):.1f} ms against "
                       f"{med(w for _, w, _ in old):.1f} ms; the players' fog whole after "
                       f"{med(p for _, _, p in new):.1f} ms wall (median)")


def run(ctx: Context) -> list[Timing]:
    from benchmarks import fog_eyes

    return [cave_row(ctx), stress_row(ctx), party_move_row(ctx), gm_drop_row(ctx),
            *fog_eyes.run(ctx)]
