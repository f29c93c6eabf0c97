"""Opportunity attacks along a path use each creature's real threatened squares (issue 30),
not its longest reach: the drag's preview, the move command, `query path` (Session.plan_path)
and the routes (their `provokes` and the fewest-attacks search) ask one zone per creature.

A pikeman stands at (5, 5) on a 12 × 12 map, its pike reaching 3 m (two squares):
- breche35: a reach weapon strikes only beyond the natural reach, so the pike threatens the
  16 squares two squares away, the second diagonal included, and none of the eight beside it
  (the 3.5 rule, SRD "Reach Weapons"; 000 "Attaques d'opportunité": « On menace les cases à
  portée de son allonge » and leaving a threatened square provokes);
- dnd2024: a reach weapon adds to the reach, every square within 3 m is in it, and leaving
  the reach provokes (2024 PHB "Opportunity Attacks"; 003 "Allonge");
- adnd2bis: the zone of control is every square the creature reaches (001 "Opportunity
  Attacks et Désengagement"; the seed draws no ring: docs/rules/adnd2bis.md "Reach");
- pmt: the seed says nothing of reach weapons, so every square within reach, and the option
  « leaving melee provokes » rules as dnd2024 (docs/rules/pmt.md)."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import Session
from battlemap.engine.decision import Decision
from battlemap.model import Encounter, EncounterOptions, Grid, Token

PIKE = {"name": "Pike", "kind": "melee", "reach_m": 3.0}
DAGGER = {"name": "Dagger", "kind": "melee"}
BESIDE = {(c, r) for c in (4, 5, 6) for r in (4, 5, 6)} - {(5, 5)}
# Two squares from (5, 5) on every side: 16 squares, the four corners (3,3) (7,3) (3,7) (7,7).
TWO_AWAY = {(c, r) for c in range(3, 8) for r in range(3, 8)
            if max(abs(c - 5), abs(r - 5)) == 2}


def _session(system: str, weapons: list[dict[str, Any]], mover_at: tuple[int, int] = (6, 5),
             **options: Any) -> Session:
    enc = Encounter(system=system, grid=Grid(cols=12, rows=12), tokens=[
        Token(id="pike", name="Pikeman", side="foe", col=5, row=5,
              stats={"weapons": weapons}),
        Token(id="ana", name="Ana", side="party", col=mover_at[0], row=mover_at[1])],
        options=EncounterOptions(**options))
    return Session(enc, seed=1)


def _oas(found: Any) -> list[tuple[str, tuple[int, int]]]:
    return [(p.by, tuple(p.at)) for p in found.provokes]


def test_the_35_pike_threatens_the_ring_two_squares_away_only() -> None:
    s = _session("breche35", [PIKE])
    got = set(s.threatened_squares("pike"))
    assert got == TWO_AWAY and len(got) == 16
    assert got.isdisjoint(BESIDE) and (7, 7) in got  # the second diagonal: the weapon's exception


def test_a_close_weapon_or_a_spiked_chain_keeps_the_adjacent_squares_in_35() -> None:
    # A dagger at hand threatens the squares beside; a spiked chain strikes adjacent foes
    # too (3.5 SRD "Spiked Chain"; the field `reach_adjacent`).
    both = set(_session("breche35", [PIKE, DAGGER]).threatened_squares("pike"))
    chain = set(_session("breche35", [{**PIKE, "name": "Chain", "reach_adjacent": True}]
                         ).threatened_squares("pike"))
    assert both == chain == BESIDE | TWO_AWAY and len(both) == 24


def test_35_moving_away_from_beside_the_pike_provokes_only_on_leaving_the_ring() -> None:
    s = _session("breche35", [PIKE])
    # (6,5) is beside the pikeman, unthreatened: stepping out to (7,5) leaves no threatened square.
    assert _oas(s.preview_move("ana", [(7, 5)])) == []
    # Going on to (8,5) leaves (7,5), two squares away: the attack comes there.
    assert _oas(s.preview_move("ana", [(7, 5), (8, 5)])) == [("pike", (7, 5))]
    assert _oas(s.plan_path("ana", [(7, 5), (8, 5)])) == [("pike", (7, 5))]
    # Walking round it beside it provokes nothing: (6,5) → (6,4) → (5,4) → (4,4).
    assert _oas(s.preview_move("ana", [(6, 4), (5, 4), (4, 4)])) == []


def test_35_with_a_dagger_too_leaving_the_square_beside_provokes() -> None:
    s = _session("breche35", [PIKE, DAGGER])
    assert _oas(s.preview_move("ana", [(7, 5)])) == [("pike", (6, 5))]


def test_35_coming_in_from_the_ring_provokes_where_the_ring_is_left() -> None:
    s = _session("breche35", [PIKE], mover_at=(7, 5))
    assert _oas(s.preview_move("ana", [(6, 5)])) == [("pike", (7, 5))]


def test_35_the_move_command_asks_only_for_the_attack_the_ring_gives() -> None:
    s = _session("breche35", [PIKE])
    out = s.move("ana", [(7, 5)])
    assert not isinstance(out, Decision) and out.moved_to == (7.0, 5.0)
    asked = s.move("ana", [(8, 5)])
    assert isinstance(asked, Decision) and _oas(asked) == [("pike", (7, 5))]


def test_35_routes_count_the_ring() -> None:
    s = _session("breche35", [PIKE])
    # Round the pikeman from (6,5) to (4,5): every square of the route is beside it.
    for avoid in (False, True):
        route = s.preview_route("ana", (4, 5), avoid_oa=avoid)
        assert route.found and route.move is not None
        assert set(route.squares) <= BESIDE | {(4, 5)}
        assert _oas(route.move) == []
    # Out to (9,5): any way leaves a ring square, one attack, where it is left.
    far = s.preview_route("ana", (9, 5), avoid_oa=True)
    assert far.move is not None and len(far.move.provokes) == 1
    assert far.move.provokes[0].by == "pike" and tuple(far.move.provokes[0].at) in TWO_AWAY
    from battlemap.engine.queries.routes import find

    assert find(s, "ana", (4, 5), avoid_oa=True).provoked == 0


@pytest.mark.parametrize("system, options", [("dnd2024", {}), ("adnd2bis", {}),
                                             ("pmt", {"opportunity_attacks": True})])
def test_elsewhere_a_reach_weapon_threatens_every_square_within_it(system: str,
                                                                   options: dict) -> None:
    s = _session(system, [PIKE], **options)
    got = set(s.threatened_squares("pike"))
    if system == "adnd2bis":  # 1-2-1-2 diagonals: the corners are 4.5 m away
        assert got == (BESIDE | TWO_AWAY) - {(3, 3), (7, 3), (3, 7), (7, 7)} and len(got) == 20
    else:
        assert got == BESIDE | TWO_AWAY and len(got) == 24
    # Beside it to two squares away stays in its reach: no attack.
    assert _oas(s.preview_move("ana", [(7, 5)])) == []
    # Leaving its reach (003: "leaving a hostile creature's reach"; 001: leaving the zone).
    assert _oas(s.preview_move("ana", [(7, 5), (8, 5)])) == [("pike", (7, 5))]
    assert _oas(s.plan_path("ana", [(7, 5), (8, 5)])) == [("pike", (7, 5))]


@pytest.mark.parametrize("partner_at, flanked", [((6, 5), False), ((7, 5), True)])
def test_35_a_pike_partner_flanks_from_its_ring_only(partner_at: tuple[int, int],
                                                     flanked: bool) -> None:
    # 000 "Modificateurs de situation", « Tenaille »: the partner must threaten the target;
    # beside it the pike does not, two squares away it does (the same zone as the attacks).
    enc = Encounter(system="breche35", grid=Grid(cols=12, rows=12), tokens=[
        Token(id="orc", name="Orc", side="foe", col=5, row=5),
        Token(id="ana", name="Ana", side="party", col=4, row=5,
              stats={"weapons": [DAGGER]}),
        Token(id="pike", name="Pikeman", side="party", col=partner_at[0], row=partner_at[1],
              stats={"weapons": [PIKE]})])
    got = Session(enc, seed=1).flanking("ana", "orc")
    assert got.flanked is flanked and got.partners == (["pike"] if flanked else [])
