"""Reach and threatened squares (docs/architecture.md#threatened-squares, docs/rules/README.md#shared-vocabulary "Reach", "Threatened squares").

The engine passes `reach_of(token) -> Reach` (or plain metres) and `can_threaten(token) ->
bool` because the rules know natural reach, weapons and conditions; geometry supplies plain
defaults. `reach_zone` turns a `Reach` into the squares it threatens: the one answer paths,
routes, provoking actions, flanking and the map's overlay share."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import shapely

from battlemap.geometry.grid import INSET, box_gap_squares, footprint_box, offset_squares_array
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.results import Square
from battlemap.model import SQUARE_M, Size, Token


class Reach(NamedTuple):
    """What a creature threatens, as the rules give it: every square within `close_m` of its
    space, and for each of `rings_m` the squares beyond `natural_m` up to that reach, with the
    policy's second-diagonal exception (a 3.5 reach weapon that cannot strike an adjacent foe:
    docs/rules/breche35.md "Space and reach"). Plain metres mean all within."""

    close_m: float
    natural_m: float = 0.0
    rings_m: tuple[float, ...] = ()

    @property
    def longest_m(self) -> float:
        return max((self.close_m, *self.rings_m))


ReachOf = Callable[[Token], float | Reach]
CanThreaten = Callable[[Token], bool]


def as_reach(reach: float | Reach) -> Reach:
    return reach if isinstance(reach, Reach) else Reach(float(reach), float(reach))


def reach_zone(geo: MapGeometry, token_id: str, policy: GeometryPolicy,
               reach: float | Reach) -> frozenset[Square]:
    """The squares `reach` threatens from the token's space: the close zone, and each reach
    weapon's ring, each measured once per token place (`threat_set`'s memo)."""
    r = as_reach(reach)
    zone = threat_set(geo, token_id, policy, r.close_m)
    for ring in r.rings_m:
        zone = zone | threat_set(geo, token_id, policy, ring, reach_weapon=True,
                                 natural_reach_m=r.natural_m)
    return zone


def default_reach(token: Token) -> float:
    """`token.reach_m`, else 1.5 m (003 "allonge de 1.50 m"); tiny creatures 0 (000 "Taille")."""
    if token.reach_m is not None:
        return token.reach_m
    return 0.0 if token.size is Size.TINY else SQUARE_M


def default_can_threaten(token: Token) -> bool:
    return True


def threatened_squares(
    geo: MapGeometry,
    token_id: str,
    policy: GeometryPolicy,
    reach_m: float,
    reach_weapon: bool = False,
    natural_reach_m: float | None = None,
) -> list[Square]:
    """Squares within reach of the token's space, by the system's metric, that a line from the
    space can reach past walls. A reach weapon skips squares within natural reach; in 3.5 it
    also threatens the second diagonal square (the weapon exception)."""
    return sorted(threat_set(geo, token_id, policy, reach_m, reach_weapon, natural_reach_m))


def threat_set(
    geo: MapGeometry,
    token_id: str,
    policy: GeometryPolicy,
    reach_m: float,
    reach_weapon: bool = False,
    natural_reach_m: float | None = None,
) -> frozenset[Square]:
    token = geo.token(token_id)
    natural = default_reach(token) if natural_reach_m is None else natural_reach_m
    key = (token_id, token.col, token.row, token.size, reach_m, reach_weapon, natural,
           policy.diagonals, policy.cover_method, policy.reach_weapon_diagonal)
    hit = geo.threat_cache.get(key)
    if hit is None:
        hit = geo.threat_cache.keep(key, _compute(geo, token, policy, reach_m, reach_weapon,
                                                  natural))
    return hit


def _compute(
    geo: MapGeometry, token: Token, policy: GeometryPolicy, reach_m: float, reach_weapon: bool,
    natural_m: float,
) -> frozenset[Square]:
    reach = reach_m / SQUARE_M
    if reach <= 1e-9:
        return frozenset()  # 0 reach threatens nothing (000 "Taille": TP allonge 0)
    box = footprint_box(token)
    span = int(np.ceil(reach)) + 1
    cs = np.arange(max(0, int(np.floor(box[0])) - span), min(geo.cols, int(np.ceil(box[2])) + span))
    rs = np.arange(max(0, int(np.floor(box[1])) - span), min(geo.rows, int(np.ceil(box[3])) + span))
    cols, rows = (a.ravel() for a in np.meshgrid(cs, rs, indexing="ij"))
    gx, gy = box_gap_squares(box, cols.astype(float), rows.astype(float))
    dist = offset_squares_array(gx, gy, policy.diagonals)
    inside = (gx == 0) & (gy == 0)  # the creature's own squares
    keep = (dist <= reach + 1e-9) & ~inside
    if reach_weapon:
        natural = natural_m / SQUARE_M
        keep &= dist > natural + 1e-9
        if policy.reach_weapon_diagonal and abs(reach - 2) < 1e-9:
            keep |= (gx == 2) & (gy == 2)
    cols, rows = cols[keep], rows[keep]
    if len(cols) == 0 or len(geo.walls) == 0:
        return frozenset(zip(cols.tolist(), rows.tolist(), strict=True))
    ok = _reachable(geo, box, cols, rows, policy)
    return frozenset(zip(cols[ok].tolist(), rows[ok].tolist(), strict=True))


def _reachable(
    geo: MapGeometry, box: tuple[float, float, float, float], cols: np.ndarray,
    rows: np.ndarray, policy: GeometryPolicy,
) -> np.ndarray:
    """Centre of the nearest own square to the target square's centre must not touch a wall
    (001 diagram: "l'attaque en diagonale est bloquée par le mur atteignant le coin"). In 2024
    any unblocked corner line is enough (docs/rules/README.md#geometry-by-system, diagonal attack past a wall corner)."""
    near_c = np.clip(cols, box[0], box[2] - 1).astype(float) if box[2] - box[0] >= 1 else (
        np.full(len(cols), box[0]))
    near_r = np.clip(rows, box[1], box[3] - 1).astype(float) if box[3] - box[1] >= 1 else (
        np.full(len(rows), box[1]))
    half_x = min(0.5, (box[2] - box[0]) / 2)
    half_y = min(0.5, (box[3] - box[1]) / 2)
    centre = np.stack([near_c + half_x, near_r + half_y, cols + 0.5, rows + 0.5], axis=1)
    lines = shapely.linestrings(centre.reshape(-1, 2, 2))
    ok = ~geo.walls.touching(lines, "effect")
    if policy.cover_method != "blocked_line_count" or ok.all():
        return ok
    # "blocked_line_count" (003, 004): try the 16 inset corner lines of each square still refused.
    todo = np.flatnonzero(~ok)
    d = np.array([(INSET, INSET), (1 - INSET, INSET), (1 - INSET, 1 - INSET), (INSET, 1 - INSET)])
    own = np.stack([near_c, near_r], axis=1)[todo]
    tgt = np.stack([cols, rows], axis=1)[todo].astype(float)
    a = (own[:, None, :] + d[None, :, :] * [2 * half_x, 2 * half_y])[:, :, None, :]
    b = (tgt[:, None, :] + d[None, :, :])[:, None, :, :]
    a, b = np.broadcast_arrays(a, b)
    coords = np.concatenate([a, b], axis=-1).reshape(-1, 4)
    clear = ~geo.walls.blocked(coords, "effect")
    ok[todo] = clear.reshape(len(todo), 16).any(axis=1)
    return ok
