"""The encounter file model: fields, placement rules, and clear errors (issue 2)."""

from __future__ import annotations

import json
import math

import pytest

from battlemap.io import LoadError, load_encounter
from battlemap.model import Encounter, Size, Token
from battlemap.model.encounter import SYSTEMS
from battlemap.rules.core.system import known_systems


def _enc(system: str, tokens: list[dict], cols: int = 10, rows: int = 10) -> dict:
    return {"format": "battlemap-encounter", "version": 1, "system": system,
            "grid": {"cols": cols, "rows": rows}, "tokens": tokens}


def _write(tmp_path, data) -> str:
    p = tmp_path / "enc.json"
    p.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(p)


def test_issue_example_fields_load(tmp_path):
    data = _enc("dnd2024", [{"id": "aldric", "name": "Aldric", "side": "party", "size": "medium",
                             "col": 3, "row": 4, "reach_m": 1.5, "speed_m": 9, "elevation_m": 0}])
    data["walls"] = [{"points": [[5, 0], [5, 10]], "kind": "wall"},
                     {"points": [[6, 0], [7, 0]], "kind": "door", "open": True}]
    data["terrain"] = [{"squares": [[4, 4], [4, 5]], "kind": "difficult"}]
    data["options"] = {"aoe_method": "half", "diagonals": "chebyshev", "flanking": True}
    enc = load_encounter(_write(tmp_path, data))
    assert enc.token("aldric").squares() == [(3, 4)]
    assert enc.difficult_squares() == {(4, 4), (4, 5)}
    assert enc.walls[1].blocks_movement is False


@pytest.mark.parametrize(("size", "side", "n_squares"), [
    ("tiny", 0.5, 1), ("small", 1, 1), ("medium", 1, 1), ("large", 2, 4), ("huge", 3, 9),
    ("gargantuan", 4, 16)])
def test_footprint_by_size(size, side, n_squares):
    # RULES.md §1 "Space / footprint" (000 "Taille"): TP 0.75 m … Gig 4x4.
    t = Token(id="t", name="T", size=size, col=2, row=2)
    assert Size(size).squares == side
    assert len(t.squares()) == n_squares


def test_four_tiny_creatures_share_one_square():
    # 000 "Taille": a Très Petite creature takes half a square side; four fit in one square.
    toks = [{"id": f"rat{i}", "name": "Rat", "size": "tiny", "col": 2 + dx, "row": 2 + dy}
            for i, (dx, dy) in enumerate([(0, 0), (0.5, 0), (0, 0.5), (0.5, 0.5)])]
    enc = Encounter.model_validate(_enc("breche35", toks))
    assert {sq for t in enc.tokens for sq in t.squares()} == {(2, 2)}


@pytest.mark.parametrize("system", ["breche35", "dnd2024", "pmt"])
def test_overlap_forbidden_where_the_system_forbids_it(tmp_path, system):
    # RULES.md §2 "several creatures in one square": not allowed in 3.5, 2024, pmt.
    data = _enc(system, [{"id": "a", "name": "A", "col": 1, "row": 1},
                         {"id": "ogre", "name": "Ogre", "size": "large", "col": 0, "row": 0}])
    with pytest.raises(LoadError, match=r"enc\.json: .*'ogre'.* overlaps 'a'"):
        load_encounter(_write(tmp_path, data), systems=known_systems())


def test_overlap_allowed_in_adnd2bis():
    # 001 "Positionnement en combat": several creatures may share a square (with penalties).
    data = _enc("adnd2bis", [{"id": "a", "name": "A", "col": 1, "row": 1},
                             {"id": "b", "name": "B", "col": 1, "row": 1}])
    assert len(Encounter.model_validate(data, context={SYSTEMS: known_systems()}).tokens) == 2


def test_without_the_registry_the_model_knows_no_system(tmp_path):
    # The model names a system by a non-empty id; which exist, and whether creatures may
    # share a square, is the rules registry's (given by the loader).
    data = _enc("gurps", [{"id": "a", "name": "A", "col": 1, "row": 1},
                          {"id": "b", "name": "B", "col": 1, "row": 1}])
    assert load_encounter(_write(tmp_path, data)).system == "gurps"
    with pytest.raises(LoadError, match="enc.json: field 'system': Input should be "
                                        "'breche35', 'adnd2bis', 'dnd2024' or 'pmt'"):
        load_encounter(_write(tmp_path, data), systems=known_systems())
    with pytest.raises(LoadError, match="field 'system'"):
        load_encounter(_write(tmp_path, {**data, "system": ""}))


@pytest.mark.parametrize(("mutate", "needle"), [
    (lambda d: d.update(system="gurps"), "field 'system'"),
    (lambda d: d["tokens"][0].update(size="colossal"), "field 'tokens[0].size'"),
    (lambda d: d["tokens"][0].update(col=9), "stands off the 10x10 grid"),
    (lambda d: d["tokens"][0].update(col=-1), "stands off the 10x10 grid"),
    (lambda d: d["tokens"][0].update(col=1.5), "must stand on whole squares"),
    (lambda d: d.update(walls=[{"points": [[0, 0], [0, 0]]}]), "two distinct points"),
    (lambda d: d.update(grid={"cols": 0, "rows": 5}), "field 'grid.cols'"),
    (lambda d: d.update(color="red"), "Extra inputs are not permitted"),
    (lambda d: d.update(templates=[{"id": "aura", "shape": "emanation", "token": "ghost",
                                    "size_m": 3}]),
     "templates[0] ('aura') rides the token 'ghost', which is not on the map"),
])
def test_bad_input_is_one_sentence_naming_file_and_field(tmp_path, mutate, needle):
    data = _enc("dnd2024", [{"id": "a", "name": "A", "size": "large", "col": 1, "row": 1}])
    mutate(data)
    with pytest.raises(LoadError) as info:
        load_encounter(_write(tmp_path, data), systems=known_systems())
    msg = str(info.value)
    assert msg.startswith("enc.json: ")
    assert needle in msg
    assert "\n" not in msg


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_rejected(tmp_path, bad):
    text = json.dumps(_enc("dnd2024", [{"id": "a", "name": "A", "col": 1, "row": 1}]))
    text = text.replace('"row": 1', f'"row": 1, "elevation_m": {bad}')
    with pytest.raises(LoadError, match="enc.json"):
        load_encounter(_write(tmp_path, text))


def test_round_trip_keeps_everything(tmp_path):
    from battlemap.io import save_encounter
    data = _enc("pmt", [{"id": "a", "name": "A", "col": 1, "row": 1, "hp": 7,
                         "conditions": [{"name": "prone", "rounds_left": 2}]}])
    enc = Encounter.model_validate(data)
    save_encounter(enc, tmp_path / "out.json")
    assert load_encounter(tmp_path / "out.json") == enc
    assert not math.isnan(enc.tokens[0].elevation_m)
