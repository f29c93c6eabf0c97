"""An attack with a weapon reaches exactly the squares that weapon threatens (issue 30
follow-up): the attack's check, the attack panel's choice of weapon, the weapon an
opportunity attack is rolled with and `query attack` read the zone the moves' opportunity
attacks, flanking and the overlay read (`geom.weapon_reach`).

A pikeman stands at (5, 5) on a 12 × 12 map, its pike reaching 3 m (two squares):
- breche35: a reach weapon strikes only beyond the natural reach, the second diagonal square
  included although it counts 4.5 m (D&D 3.5 SRD "Reach Weapons": « can't use it against an
  adjacent foe », and the 10-foot reach's diagonal exception; 000 "Attaques d'opportunité"
  says only « On menace les cases à portée de son allonge »);
- dnd2024: every square within the reach (2024 PHB "Reach"; 003 "allonge");
- adnd2bis: every square within 3 m by its 1-2-1-2 diagonals, so the second diagonal is
  4.5 m away and out of reach (001 "Mouvement", diagonals; docs/rules/adnd2bis.md "Reach");
- pmt: every square within the reach (the seed says nothing of reach weapons:
  docs/rules/pmt.md)."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import Session
from battlemap.engine.errors import Refused
from battlemap.model import Encounter, EncounterOptions, Grid, Size, Token, Wall
from battlemap.text import words

PIKE = {"name": "Pike", "kind": "melee", "reach_m": 3.0}
DAGGER = {"name": "Dagger", "kind": "melee"}
BOW = {"name": "Bow", "kind": "ranged", "range_m": 18}
SRD = "D&D 3.5 SRD, Reach Weapons (000 \"Attaques d'opportunité\" is silent)"


def _session(system: str, weapons: list[dict[str, Any]], ana_at: tuple[int, int],
             size: Size = Size.MEDIUM, walls: list[Wall] | None = None,
             **options: Any) -> Session:
    enc = Encounter(system=system, grid=Grid(cols=12, rows=12), walls=walls or [], tokens=[
        Token(id="pike", name="Pikeman", side="foe", col=5, row=5,
              stats={"weapons": weapons}),
        Token(id="ana", name="Ana", side="party", col=ana_at[0], row=ana_at[1], size=size)],
        options=EncounterOptions(**options))
    return Session(enc, seed=1)


def _reaches(system: str, at: tuple[int, int], weapon: str = "Pike",
             weapons: list[dict[str, Any]] | None = None, **options: Any) -> bool:
    s = _session(system, weapons or [PIKE], at, **options)
    return bool(s.preview_attack("pike", "ana", weapon=weapon).situation.in_reach)


# -- where the pike reaches, per system -----------------------------------------------------

@pytest.mark.parametrize("at, expected", [
    ((6, 5), False), ((6, 6), False),  # beside it: too close for a reach weapon
    ((7, 5), True), ((7, 6), True),    # the ring two squares away
    ((7, 7), True),                    # the second diagonal (the SRD's exception, 4.5 m counted)
    ((8, 5), False), ((8, 8), False),  # three squares away
])
def test_35_pike_reaches_its_ring_and_second_diagonal_not_the_squares_beside(
        at: tuple[int, int], expected: bool) -> None:
    assert _reaches("breche35", at) is expected


def test_35_the_second_diagonal_still_measures_4_5_m() -> None:
    # The zone decides, not the count: the distance shown stays the system's 1-2-1-2 count.
    sit = _session("breche35", [PIKE], (7, 7)).preview_attack("pike", "ana").situation
    assert sit.in_reach and sit.distance_m == 4.5


@pytest.mark.parametrize("system, options, corner", [
    ("dnd2024", {}, True), ("pmt", {}, True),
    ("adnd2bis", {}, False),  # 1-2-1-2: the second diagonal is 4.5 m, past the 3 m pike
])
@pytest.mark.parametrize("at", [(6, 5), (6, 6), (7, 5), (7, 6)])
def test_elsewhere_the_pike_reaches_every_square_within_3_m(
        system: str, options: dict[str, Any], corner: bool, at: tuple[int, int]) -> None:
    assert _reaches(system, at, **options)
    assert _reaches(system, (7, 7), **options) is corner
    assert not _reaches(system, (8, 5), **options)


def test_35_a_close_weapon_reaches_beside_but_not_the_ring() -> None:
    both = [PIKE, DAGGER]
    assert _reaches("breche35", (6, 5), "Dagger", both)
    assert not _reaches("breche35", (7, 5), "Dagger", both)
    assert _reaches("breche35", (7, 5), "Pike", both)


def test_35_a_spiked_chain_reaches_beside_and_the_ring() -> None:
    # 3.5 SRD "Spiked Chain": a reach weapon that can also strike adjacent foes.
    chain = [{**PIKE, "name": "Chain", "reach_adjacent": True}]
    assert [_reaches("breche35", at, "Chain", chain)
            for at in ((6, 5), (7, 5), (7, 7), (8, 5))] == [True, True, True, False]


def test_35_a_large_target_is_reached_on_any_of_its_squares() -> None:
    # A 2 × 2 target at (6,4) covers (6,4) (7,4) (6,5) (7,5): (7,4) and (7,5) are in the ring.
    s = _session("breche35", [PIKE], (6, 4), size=Size.LARGE)
    assert s.preview_attack("pike", "ana").situation.in_reach
    # At (3,3) it covers (3,3) (4,3) (3,4) (4,4): the ring's (3,3) (4,3) (3,4) count, (4,4)
    # beside the pikeman does not stop it.
    s = _session("breche35", [PIKE], (3, 3), size=Size.LARGE)
    assert s.preview_attack("pike", "ana").situation.in_reach


# -- the refusal names the reason -----------------------------------------------------------

def test_35_an_adjacent_foe_is_refused_as_too_close_in_both_languages() -> None:
    s = _session("breche35", [PIKE], (6, 5))
    with pytest.raises(Refused) as no:
        s.attack("pike", "ana", weapon="Pike")
    assert str(no.value) == ("Ana is too close for a reach weapon: Pikeman's Pike strikes "
                             f"only beyond 1.5 m ({SRD}).")
    assert words(no.value.reason, "fr") == (
        "Ana est trop près pour une arme d'allonge : Pike de Pikeman ne frappe qu'au-delà "
        f"de 1,5 m ({SRD}).")
    preview = s.preview_attack("pike", "ana", weapon="Pike")
    assert not preview.legal
    assert str(preview.reason) == f"too close for a reach weapon (Pike: {SRD})"
    assert words(preview.reason, "fr") == f"trop près pour une arme d'allonge (Pike : {SRD})"


def test_35_the_gm_overrides_too_close_and_the_log_says_what() -> None:
    s = _session("breche35", [PIKE], (6, 5))
    out = s.attack("pike", "ana", weapon="Pike", gm_override=True, forced=[15, 2])
    assert out.override and out.result.attacks[0].natural == 15
    entry = s.log.entries[-1]
    assert entry.details["override"] == "too close for a reach weapon"
    assert entry.said("en").endswith("(GM override)")


def test_too_far_keeps_the_distance() -> None:
    s = _session("dnd2024", [PIKE], (9, 5))  # four squares: 6 m
    with pytest.raises(Refused) as no:
        s.attack("pike", "ana")
    assert str(no.value) == "Ana is out of reach of Pikeman (6 m)."


def test_35_the_second_diagonal_attack_is_not_refused() -> None:
    s = _session("breche35", [PIKE], (7, 7))
    out = s.attack("pike", "ana", weapon="Pike", forced=[15, 2])
    assert not out.override and out.situation.in_reach


# -- the attack panel's weapon ---------------------------------------------------------------

@pytest.mark.parametrize("weapons, at, expected", [
    ([PIKE, DAGGER], (6, 5), "Dagger"),  # beside: the pike cannot, the dagger can
    ([PIKE, DAGGER], (7, 5), "Pike"),
    ([DAGGER, PIKE], (7, 7), "Pike"),    # the second diagonal: the pike's
    ([PIKE, BOW], (6, 5), "Bow"),        # a ranged weapon always can
])
def test_35_the_panel_opens_on_the_first_weapon_that_reaches(
        weapons: list[dict[str, Any]], at: tuple[int, int], expected: str) -> None:
    assert _session("breche35", weapons, at).reaching_weapon("pike", "ana") == (expected, "")


def test_the_panel_says_why_no_weapon_reaches() -> None:
    name, why = _session("breche35", [PIKE], (6, 5)).reaching_weapon("pike", "ana")
    assert name is None
    assert str(why) == (f"no weapon of Pikeman reaches Ana at 1.5 m: Pike is a reach weapon, "
                        f"too close ({SRD})")
    assert words(why, "fr") == (f"Pikeman n'a aucune arme qui atteigne Ana à 1,5 m : Pike est "
                                f"une arme d'allonge, trop près ({SRD})")
    name, why = _session("breche35", [PIKE, DAGGER], (8, 5)).reaching_weapon("pike", "ana")
    assert name is None
    assert str(why) == ("no weapon of Pikeman reaches Ana at 4.5 m: Pike reaches 3 m, "
                        "Dagger reaches 1.5 m")


# -- the opportunity attack's weapon ----------------------------------------------------------

def _oa_weapon(system: str, weapons: list[dict[str, Any]], start: tuple[int, int],
               path: list[tuple[int, int]], **options: Any) -> tuple[str, str]:
    s = _session(system, weapons, start, **options)
    out = s.move("ana", path, oa="resolve", forced=[15, 2])
    [res] = out.opportunity_attacks
    [entry] = [e for e in s.log.entries if e.kind == "opportunity_attack"]
    return res.weapon, entry.said("en")


def test_35_leaving_the_square_beside_is_attacked_with_the_dagger() -> None:
    weapon, line = _oa_weapon("breche35", [PIKE, DAGGER], (6, 5), [(7, 5)])
    assert weapon == "Dagger" and "(Dagger)" in line


def test_35_leaving_the_ring_is_attacked_with_the_pike_whatever_comes_first() -> None:
    for weapons in ([PIKE, DAGGER], [DAGGER, PIKE]):
        weapon, line = _oa_weapon("breche35", weapons, (7, 5), [(8, 5)])
        assert weapon == "Pike" and "(Pike)" in line


@pytest.mark.parametrize("system, options", [("dnd2024", {}), ("adnd2bis", {}),
                                             ("pmt", {"opportunity_attacks": True})])
def test_elsewhere_leaving_the_pike_s_reach_is_attacked_with_the_pike(
        system: str, options: dict[str, Any]) -> None:
    # The dagger first in the list does not reach (7,5), two squares away: the pike does.
    weapon, line = _oa_weapon(system, [DAGGER, PIKE], (7, 5), [(8, 5)], **options)
    assert weapon == "Pike" and "(Pike)" in line


# -- a weapon's own reach, the body's, walls --------------------------------------------------

def test_2024_a_dagger_beside_a_glaive_strikes_1_5_m_only() -> None:
    # 2024 PHB weapon property "Reach": « adds 5 feet to your reach when you attack with
    # it »; 003 line 7: « Toute créature est dotée d'une allonge de 1.50 m ».
    glaive = {"name": "Glaive", "kind": "melee", "reach_m": 3.0}
    assert not _reaches("dnd2024", (7, 5), "Dagger", [glaive, DAGGER])
    assert _reaches("dnd2024", (7, 5), "Glaive", [glaive, DAGGER])
    assert _reaches("dnd2024", (6, 5), "Dagger", [glaive, DAGGER])
    s = _session("dnd2024", [glaive, DAGGER], (7, 5))
    assert s.reach_m(s.token("pike")) == 3.0  # the creature's reach still counts the glaive
    assert len(s.threatened_squares("pike")) == 24  # and so do the squares it threatens


def test_35_a_manoeuvre_naming_no_weapon_reaches_beside_a_pikeman() -> None:
    # 000 "Manœuvres" (croc-en-jambe): a foe beside is within the creature's own reach even
    # when its first weapon is a pike; naming the pike, the adjacent foe is too close.
    s = _session("breche35", [PIKE], (6, 5))
    assert s.manoeuvre_refusal("trip", "pike", "ana") is None
    no = s.manoeuvre_refusal("trip", "pike", "ana", {"weapon": "Pike"})
    assert str(no) == ("Ana is too close for a reach weapon: Pikeman's Pike strikes only "
                       f"beyond 1.5 m ({SRD}).")


def test_a_wall_between_is_said_as_the_reason() -> None:
    # The wall along the pikeman's east side crosses the line from its square's centre to
    # the one beside, so the dagger threatens no square there (threatened.py `_reachable`).
    s = _session("breche35", [DAGGER], (6, 5), walls=[Wall(points=[(6, 3), (6, 8)])])
    with pytest.raises(Refused) as no:
        s.attack("pike", "ana")
    assert str(no.value) == "Pikeman cannot reach Ana with Dagger: a wall stands in the way."
    assert words(no.value.reason, "fr") == (
        "Pikeman ne peut pas atteindre Ana avec Dagger : un mur est en travers.")
    assert s.reaching_weapon("pike", "ana")[1] == (
        "no weapon of Pikeman reaches Ana at 1.5 m: Dagger: a wall stands in the way")


@pytest.mark.parametrize("system", ["breche35", "dnd2024", "adnd2bis", "pmt"])
@pytest.mark.parametrize("weapons", [[PIKE], [PIKE, DAGGER], [DAGGER]])
def test_the_squares_some_weapon_attacks_are_the_squares_the_overlay_threatens(
        system: str, weapons: list[dict[str, Any]]) -> None:
    # One zone for all (docs/architecture.md#threatened-squares): a foe on any square the
    # map shows threatened can be attacked with one of the weapons, and on no other, a wall
    # two squares east of the pikeman cutting some off.
    from battlemap.engine import situations as sits

    s = _session(system, weapons, (0, 0), walls=[Wall(points=[(7, 4), (7, 9)])])
    geo0 = s.geo
    att = s.token("pike")
    attackable = set()
    for c in range(12):
        for r in range(12):
            if (c, r) == (5, 5):
                continue
            geo = geo0.with_token_at("ana", c, r)
            if any(not sits.melee_reach_problem(s, att, geo.token("ana"), w, geo)
                   for w in s.stats("pike").weapons):
                attackable.add((c, r))
    assert attackable == set(s.threatened_squares("pike"))
    assert (7, 5) not in attackable  # beyond the wall
    assert ((3, 5) in attackable) is (PIKE in weapons)  # the ring's west side, in the open
