"""An area applied names the tokens its shape reached but its effect spares, and why (docs/rules/README.md#shared-vocabulary, line of effect: "a segment not crossing a wall/closed door"): tokens whose squares walls
cut off, and tokens in the area with no line of effect to any corner of their space."""

from __future__ import annotations

from pathlib import Path

from battlemap.engine import Session
from battlemap.engine.log_text import detail_lines
from battlemap.io.encounter_file import load_encounter
from battlemap.model import AreaTemplate, Encounter, Grid, Token, Wall
from battlemap.rules.dnd2024.stats import SAMPLE as DND_SAMPLE
from battlemap.text import from_data, words

CRYPT = Path(__file__).resolve().parents[3] / "assets" / "demo" / "dnd2024-crypt.json"


def test_a_fireball_in_the_crypt_spares_the_ghoul_and_the_skeleton_behind_the_wall() -> None:
    # A 6 m sphere at (9, 6): the shape reaches the skeleton on (12, 5) and the ghoul on
    # (11, 8) beyond the wall x = 10; the wall stops the first line, the door's hinge at
    # (10, 7) the second. 8d6 forced to 3s (24); Aude saves (20 + 2 ≥ 15: 12), Marek fails.
    s = Session(load_encounter(CRYPT), seed=3)
    t = s.place_area(AreaTemplate(id="boule", shape="sphere", origin=(9.0, 6.0), size_m=6.0))
    out = s.apply_area(t.id, save_ability="dex", dc=15, damage="8d6", damage_kind="fire",
                       forced=[3] * 8 + [20, 1])
    assert out.tokens == ["guerriere", "roublard"]
    assert out.spared == ["squelette-1", "goule"]
    assert {h.token: h.before - h.after for h in out.hp_changes} == {"guerriere": 12,
                                                                     "roublard": 24}
    entry = s.encounter.log[-1]
    # One line: each creature's save (the DC once while it stays the same) and what it took.
    assert words(from_data(entry["summary"]), "en") == (
        "Area sphere (boule): Aude, guerrière save succeeded (22 vs DC 15), 12 damage "
        "(HP 44 → 32); Marek, roublard failed (8), 24 damage (HP 33 → 9, bloodied); "
        "spared: Squelette 1, Goule")
    assert words(from_data(entry["summary"]), "fr") == (
        "Zone sphère (boule) : Aude, guerrière sauvegarde réussie (22 contre DD 15), 12 dégâts "
        "(PV 44 → 32) ; Marek, roublard ratée (8), 24 dégâts (PV 33 → 9, en péril) ; "
        "épargnés : Squelette 1, Goule")
    lines = detail_lines(entry["details"], "en")
    assert "Goule: left out: the line from the origin passes through (10,7), between a closed "\
        "door and a wall that meet there" in lines
    assert "Squelette 1: left out: the wall (10,4)–(10,7) stops the line from the origin" in lines
    assert ("Goule : hors de la zone : la ligne depuis l'origine passe par (10,7), entre une "
            "porte fermée et un mur qui s'y rejoignent") in detail_lines(entry["details"], "fr")


def test_a_token_seen_through_a_slit_by_its_centre_only_is_spared() -> None:
    # The sphere's line from (0, 2) to the centre (5.5, 5.5) of T's square passes the wall
    # x = 3 through a gap (y 3.85 to 3.95, at y ≈ 3.909): the square is in the area. The
    # lines to its four inset corners meet x = 3 at y ≈ 3.805, 3.515, 3.997 and 4.378, all on
    # the wall: no line of effect to its space, so the effect spares T.
    enc = Encounter(system="dnd2024", grid=Grid(cols=10, rows=8), tokens=[
        Token(id="t", name="T", side="foe", col=5, row=5, stats=DND_SAMPLE)],
        walls=[Wall(points=[(3, 3.0), (3, 3.85)]), Wall(points=[(3, 3.95), (3, 4.5)])])
    s = Session(enc, seed=1)
    tpl = s.place_area(AreaTemplate(shape="sphere", origin=(0.0, 2.0), size_m=12.0))
    assert "t" in s.preview_area(tpl).tokens
    out = s.apply_area(tpl.id, save_ability="dex", dc=15, damage="2d6")
    assert out.tokens == [] and out.spared == ["t"] and out.hp_changes == []
    assert detail_lines(s.encounter.log[-1]["details"], "en")[-1] == (
        "T: no line of effect from the origin reaches a corner of its space")


def test_a_cone_from_a_corner_on_the_wall_hits_what_its_squares_show() -> None:
    # Aude stands against the crypt's wall x = 10, on (10, 6); the GM casts a 4.5 m cone east
    # from her square's corner (10, 6), which lies on the wall. Its squares reach the
    # skeleton on (12, 5), lit on the map, yet the effect spared it: every line from the
    # origin touched the wall it starts on. A wall stops a line that crosses it (README
    # "Areas and walls"); leaving it is not crossing it.
    s = Session(load_encounter(CRYPT), seed=3)
    s.update_token("guerriere", col=10, row=6)
    t = s.place_area(AreaTemplate(id="cone", shape="cone", origin=(10.0, 6.0), size_m=4.5,
                                  direction_deg=0))
    assert list(s.preview_area(t).tokens) == ["squelette-1"]
    out = s.apply_area(t.id, save_ability="dex", dc=13, damage="2d6", forced=[3, 3, 1])
    assert out.tokens == ["squelette-1"] and out.spared == []
    assert {h.token: h.before - h.after for h in out.hp_changes} == {"squelette-1": 6}
