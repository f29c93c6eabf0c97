"""How big each scenario runs: the issue-9 sizes, or tiny ones for the CI smoke run."""

from __future__ import annotations

from dataclasses import dataclass

# The systems whose rules change a computation: OA rules (all four differ), cover method
# (breche35 / grid lines / area fraction) and area method + cone shape (3.5 vs 2024).
DRAG_SYSTEMS = ("breche35", "adnd2bis", "dnd2024", "pmt")
COVER_SYSTEMS = ("breche35", "dnd2024", "adnd2bis")  # pmt measures cover as dnd2024
AREA_SYSTEMS = ("breche35", "dnd2024")  # quarter-circle vs triangle cones; every method each
THREAT_SYSTEMS = ("breche35", "dnd2024", "adnd2bis")  # d35 vs chebyshev, corner-line retry


@dataclass(frozen=True)
class Sizes:
    smoke: bool
    cols: int
    rows: int
    tokens: int
    walls: int
    drag_steps: int
    drag_movers: int  # random party tokens dragged, each along its own route
    nearest_enemies: int
    party: int
    foes: int
    area_sizes_m: tuple[float, ...]
    area_positions: int
    naive_area_every: int  # the naive area loop runs on every n-th template
    naive_cover_pairs: int
    naive_threat_tokens: int
    batch_repeat: int  # repeats of the "all pairs" / "all tokens" batches
    repaints: int
    item_moves: int
    uvtt_mb: float
    uvtt_walls: int
    uvtt_repeat: int
    cold_runs: int
    scale_grid: int
    scale_tokens: tuple[int, ...]
    scale_walls: tuple[int, ...]
    scale_queries: int
    pace_s: float  # idle time before each paced sample (the GUI between two mouse events)
    area_drag_steps: int  # new origins per template in the dragged-template rows
    gui_template_repeats: int  # times each template gesture is made in the GUI rows
    zoom_steps: int  # wheel notches out from 1:1 (then as many back in) in the zoom row
    fog_moves: int  # samples of the fog-of-war rows
    gui_commands: int  # moves, undos, doors and turns timed in the GM window
    fog_cave_points: int  # points of the cave outline in the fog rows (`cave`, `sc_fog`)
    fog_cave_repeat: int  # samples of the cave fog row
    fog_naive_eyes: int  # stress-map viewpoints the naive fog also runs on
    fog_fresh_eyes: int  # fresh random eyes per wall count in the fog kernel rows (`sc_fog`)
    picture_px: int  # side of the generated map picture of the picture rows (`sc_pictures`)
    picture_repeat: int  # first and second opens timed per format
    picture_frames: int  # pans and zoom settles timed over that picture


FULL = Sizes(
    smoke=False, cols=100, rows=100, tokens=300, walls=4000,
    drag_steps=30, drag_movers=6, nearest_enemies=20, party=10, foes=20,
    area_sizes_m=(3.0, 9.0, 18.0), area_positions=3, naive_area_every=9,
    naive_cover_pairs=3, naive_threat_tokens=8, batch_repeat=3,
    repaints=40, item_moves=1000,
    uvtt_mb=20.0, uvtt_walls=6000, uvtt_repeat=5, cold_runs=5,
    scale_grid=160, scale_tokens=(30, 300, 3000), scale_walls=(400, 4000, 40000),
    scale_queries=15, pace_s=1 / 120, area_drag_steps=20, gui_template_repeats=3,
    zoom_steps=8, fog_moves=6, gui_commands=10,
    fog_cave_points=20_000, fog_cave_repeat=9, fog_naive_eyes=3, fog_fresh_eyes=60,
    picture_px=6800, picture_repeat=3, picture_frames=60,
)

SMOKE = Sizes(
    smoke=True, cols=24, rows=24, tokens=24, walls=120,
    drag_steps=4, drag_movers=1, nearest_enemies=3, party=2, foes=3,
    area_sizes_m=(4.5,), area_positions=1, naive_area_every=4,
    naive_cover_pairs=2, naive_threat_tokens=3, batch_repeat=1,
    repaints=2, item_moves=10,
    uvtt_mb=0.3, uvtt_walls=100, uvtt_repeat=1, cold_runs=1,
    scale_grid=24, scale_tokens=(5, 20), scale_walls=(40, 160),
    scale_queries=2, pace_s=0.001, area_drag_steps=3, gui_template_repeats=1,
    zoom_steps=2, fog_moves=1, gui_commands=2,
    fog_cave_points=400, fog_cave_repeat=1, fog_naive_eyes=1, fog_fresh_eyes=3,
    picture_px=1200, picture_repeat=1, picture_frames=3,
)
