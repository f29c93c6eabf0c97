"""Cover that creatures give in 2bis (option `creature_cover_cap`). 001 "Modificateurs de
Couverture" gives 25 / 50 / 75 / 90 % with no word on what gives it, and the diagram of
"Positionnement en combat" lets C shoot past X at Y only « si ce dernier dépasse la taille
de X »: a creature in the way hides as a wall does. By default ("none", what the code
always did) the share creatures hide counts in full; "50" stops what they add at 50 %, the
walls' own share still counting in full (docs/rules/adnd2bis.md "Cover").

An archer at (0, 5) shoots an orc at (7, 5) past an ogre (large, 3..5 × 4..6) that hides it
whole from every corner."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Encounter, EncounterOptions, Grid, Token, Wall
from battlemap.text import words

BOW = {"weapons": [{"name": "Arc long", "kind": "ranged", "damage": "1d8", "range_m": 21}]}


def _session(cap: str, ogre: bool = True, walls: list[Wall] | None = None) -> Session:
    tokens = [Token(id="a", name="Archer", side="party", col=0, row=5, stats=BOW),
              Token(id="orc", name="Orc", side="foe", col=7, row=5)]
    if ogre:
        tokens.append(Token(id="ogre", name="Ogre", side="foe", col=3, row=4, size="large"))
    enc = Encounter(system="adnd2bis", grid=Grid(cols=12, rows=12), tokens=tokens,
                    walls=walls or [], options=EncounterOptions(rules={"creature_cover_cap": cap}))
    return Session(enc, seed=1)


def test_by_default_a_creature_hiding_all_of_the_target_gives_90() -> None:
    s = _session("none")
    cov = s.covers("a", ["orc"])[0]
    assert (cov.level, cov.hidden_fraction, cov.from_creatures_only) == ("90", 1.0, True)
    p = s.preview_attack("a", "orc")
    # 90 %: +5 AC and the attacker at a disadvantage.
    assert [(words(m.name, "fr"), m.value) for m in p.modifiers] == [("Couverture 90 %", 5)]
    assert p.advantage == "disadvantage"
    assert s.drag_cover("a", (0, 5), 20) == [("ogre", "none"), ("orc", "90")]


def test_capped_the_same_shot_is_50_on_the_map_and_in_the_attack() -> None:
    s = _session("50")
    cov = s.covers("a", ["orc"])[0]
    assert (cov.level, cov.hidden_fraction) == ("50", 1.0)
    assert str(cov.explanation).endswith(
        "100% of the target hidden; what creatures hide counts up to 50% (the encounter's "
        "option on cover given by creatures, docs/rules/adnd2bis.md#cover)")
    assert "couverture 50 %" in words(cov.explanation, "fr")
    p = s.preview_attack("a", "orc")
    assert [(words(m.name, "fr"), m.value) for m in p.modifiers] == [("Couverture 50 %", 2)]
    assert p.advantage == "normal"
    assert s.drag_cover("a", (0, 5), 20) == [("ogre", "none"), ("orc", "50")]


def test_the_walls_own_share_still_counts_in_full() -> None:
    # A wall down x = 6 from y 3 to 5.9 hides 88 % of the orc alone: 75 % with or without
    # the cap; with the ogre too, 90 % uncapped, the walls' 75 % capped.
    wall = [Wall(points=[(6.0, 3.0), (6.0, 5.9)])]
    alone = _session("50", ogre=False, walls=wall).covers("a", ["orc"])[0]
    assert alone.level == "75" and round(alone.hidden_fraction, 2) == 0.88
    assert _session("none", walls=wall).covers("a", ["orc"])[0].level == "90"
    both = _session("50", walls=wall)
    assert both.covers("a", ["orc"])[0].level == "75"
    assert both.drag_cover("a", (0, 5), 20) == [("ogre", "none"), ("orc", "75")]


def test_the_gm_switching_the_option_changes_the_next_answer() -> None:
    s = _session("none")
    assert s.drag_cover("a", (0, 5), 20)[-1] == ("orc", "90")
    s.set_options(rules={"creature_cover_cap": "50"})
    assert s.drag_cover("a", (0, 5), 20)[-1] == ("orc", "50")
    assert s.covers("a", ["orc"])[0].level == "50"
    s.undo()
    assert s.covers("a", ["orc"])[0].level == "90"
