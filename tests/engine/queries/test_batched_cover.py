"""Cover measured for several targets at once: batched previews agree with single ones, and an
area coming from a creature (emanation) gives each target its cover from that creature."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import AreaShape, AreaTemplate, Encounter, Grid, Token, Wall
from battlemap.rules.breche35.stats import SAMPLE as BRECHE_SAMPLE
from battlemap.rules.dnd2024.stats import SAMPLE as DND_SAMPLE
from battlemap.text import words


def test_batched_previews_match_single_previews() -> None:
    # 000_d623f1b22a06cede.txt, "Couverture": any blocked line from the attacker's best
    # corner gives cover, +4 AC (17 → 21).
    enc = Encounter(system="breche35", grid=Grid(cols=12, rows=8), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=BRECHE_SAMPLE),
        Token(id="x", name="X", side="foe", col=6, row=3, stats=BRECHE_SAMPLE),
        Token(id="y", name="Y", side="foe", col=6, row=5, stats=BRECHE_SAMPLE),
        Token(id="z", name="Z", side="foe", col=6, row=1, stats=BRECHE_SAMPLE)],
        # A stub down to y = 1.6: the lines from A's best corner (2, 2) to Z's top corners
        # cross it, those to its bottom corners pass below.
        walls=[Wall(points=[(4, 0), (4, 1.6)])])
    s = Session(enc, seed=1)
    batch = s.preview_attacks("a", weapon="Pistolet 9 mm")
    assert [p.target for p in batch] == ["x", "y", "z"]
    for p in batch:
        one = s.preview_attack("a", p.target, weapon="Pistolet 9 mm")
        assert (p.situation.cover, p.target_number, p.modifiers) == (
            one.situation.cover, one.target_number, one.modifiers)
    assert {p.target: p.situation.cover for p in batch}["z"] == "partial"
    assert {p.target: p.target_number for p in batch} == {"x": 17, "y": 17, "z": 21}


def test_emanation_saves_use_cover_from_the_creature() -> None:
    # 003_04e386f09d3dfd89.txt, "L'abri": half cover +2 to Dex saves; a creature in the way
    # gives half cover. C's 3 m emanation: B stands between C and T.
    enc = Encounter(system="dnd2024", grid=Grid(cols=10, rows=6), tokens=[
        Token(id="c", name="C", side="party", col=1, row=1, stats=DND_SAMPLE),
        Token(id="b", name="B", side="foe", col=2, row=1, stats=DND_SAMPLE),
        Token(id="t", name="T", side="foe", col=3, row=1, stats=DND_SAMPLE)])
    s = Session(enc, seed=1)
    tpl = s.place_area(AreaTemplate(shape=AreaShape.EMANATION, token="c", size_m=3.0))
    # 2d6 = 3 + 3; both saves roll 12: B 12 + Dex 2 = 14 < 15 fails (6 damage);
    # T 12 + 2 + 2 (half cover) = 16 succeeds (half: 3).
    out = s.apply_area(tpl.id, save_ability="dex", dc=15, damage="2d6", forced=[3, 3, 12, 12])
    assert {sv.token: (sv.total, sv.success) for sv in out.saves} == {
        "b": (14, False), "t": (16, True)}
    assert {h.token: (h.before, h.after) for h in out.hp_changes} == {"b": (44, 38), "t": (44, 41)}


def test_repeated_preview_is_remembered_until_the_encounter_changes() -> None:
    # 000_d623f1b22a06cede.txt, "Modificateurs de situation": prone target +4 in melee.
    enc = Encounter(system="breche35", grid=Grid(cols=6, rows=4), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=BRECHE_SAMPLE),
        Token(id="b", name="B", side="foe", col=2, row=1, stats=BRECHE_SAMPLE)])
    s = Session(enc, seed=1)
    first = s.preview_attack("a", "b")
    assert s.preview_attack("a", "b") is first  # a hover repeated: nothing recomputed
    s.add_condition("b", "prone")
    prone = s.preview_attack("a", "b")
    assert {words(m.name, "fr"): m.value for m in prone.modifiers}["Cible à terre (corps à corps)"] == 4
    s.undo()
    back = s.preview_attack("a", "b")
    assert "Cible à terre (corps à corps)" not in {words(m.name, "fr") for m in back.modifiers}
    assert back.modifiers == first.modifiers


def test_drag_cover_gives_the_nearest_foes_levels_from_the_square_dragged_to() -> None:
    # 003_04e386f09d3dfd89.txt, "L'abri" and docs/architecture.md#cover (dnd2024): a wall cutting 1 of the
    # 4 lines from the best corner → half cover; a wall run between the spaces → total.
    enc = Encounter(system="dnd2024", grid=Grid(cols=14, rows=10), tokens=[
        Token(id="hero", name="Hero", side="party", col=1, row=6, stats=DND_SAMPLE),
        Token(id="ally", name="Ally", side="party", col=2, row=8, stats=DND_SAMPLE),
        Token(id="behind", name="Behind", side="foe", col=8, row=5, stats=DND_SAMPLE),
        Token(id="stub", name="Stub", side="foe", col=5, row=1, stats=DND_SAMPLE),
        Token(id="open", name="Open", side="foe", col=1, row=8, stats=DND_SAMPLE),
        Token(id="far", name="Far", side="foe", col=13, row=0, stats=DND_SAMPLE),
        Token(id="cow", name="Cow", side="neutral", col=0, row=0, stats=DND_SAMPLE)],
        walls=[Wall(points=[(4, 3), (4, 8)]), Wall(points=[(3, 2), (3, 2.5)])])
    s = Session(enc, seed=1)
    # The hero dragged to (1, 5): gaps of 1, 2 and 5 squares to Open, Stub and Behind.
    assert s.drag_cover("hero", (1, 5), n=3) == [
        ("open", "none"), ("stub", "half"), ("behind", "total")]
    # Nearest first by squares between the spaces; allies and neutrals are never listed.
    assert [f for f, _ in s.drag_cover("hero", (1, 5))] == ["open", "stub", "behind", "far"]
    # Dragged one square up, Stub's wall stub no longer cuts a line; the map is untouched.
    assert s.drag_cover("hero", (1, 4)) == [
        ("stub", "none"), ("open", "none"), ("behind", "total"), ("far", "total")]
    assert (s.encounter.token("hero").col, s.encounter.token("hero").row) == (1, 6)


def test_drag_cover_follows_a_change_of_side() -> None:
    # A foe the GM turns into an ally is no longer listed (sides are remembered per map state).
    enc = Encounter(system="dnd2024", grid=Grid(cols=8, rows=4), tokens=[
        Token(id="hero", name="Hero", side="party", col=0, row=0, stats=DND_SAMPLE),
        Token(id="gob", name="Gob", side="foe", col=4, row=0, stats=DND_SAMPLE),
        Token(id="orc", name="Orc", side="foe", col=6, row=2, stats=DND_SAMPLE)])
    s = Session(enc, seed=1)
    assert [f for f, _ in s.drag_cover("hero", (1, 0))] == ["gob", "orc"]
    s.update_token("gob", side="party")
    assert [f for f, _ in s.drag_cover("hero", (1, 0))] == ["orc"]
    s.undo()
    assert [f for f, _ in s.drag_cover("hero", (1, 0))] == ["gob", "orc"]
