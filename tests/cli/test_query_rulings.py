"""`battlemap query FILE manoeuvre|fall|cast|disengage`, `save --from` and `--strict`: the
rulings the window makes, asked from the command line, with forced dice and exact numbers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.io import save_encounter
from battlemap.model import Condition, Encounter, Grid, Token, Wall
from battlemap.rules.dnd2024.stats import SAMPLE
from tests.helpers.adnd2bis import ORC, THIEF
from tests.helpers.breche35 import MARA
from tests.helpers.pmt import FIGHTER, MONSTER_ASC


def _file(tmp_path: Path, system: str, tokens: list[Token], walls: list[Wall] = ()) -> str:
    enc = Encounter(system=system, grid=Grid(cols=12, rows=10), tokens=tokens,
                    walls=list(walls))
    path = tmp_path / f"{system}.json"
    save_encounter(enc, path, backup=False)
    return str(path)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, json.loads(out) if code == 0 else out, err


def _pmt(tmp_path: Path, *conditions: str, fighter: dict[str, Any] | None = None) -> str:
    return _file(tmp_path, "pmt", [
        Token(id="hugues", name="Hugues", side="party", col=2, row=2,
              stats=fighter or FIGHTER, conditions=[Condition(name=c) for c in conditions]),
        Token(id="gob", name="Gob", col=3, row=2, stats=MONSTER_ASC)])


# -- manoeuvre ----------------------------------------------------------------------------

def test_a_manoeuvre_is_named_by_its_words_in_either_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _pmt(tmp_path)
    runs = [_run(capsys, "query", f, "manoeuvre", "hugues", "gob", "--kind", kind,
                 "--roll", "15", "4", "--seed", "1", "--defender-choice", "effect")[1]
            for kind in ("knock down", "envoyer au sol", "Envoyer_au_sol")]
    assert [r["kind"] for r in runs] == ["envoyer au sol"] * 3
    assert runs[0] == runs[1] == runs[2]
    assert runs[0]["log"]["en"].startswith("Hugues tries knock down on Gob")


def test_a_manoeuvre_the_system_lacks_is_refused_naming_those_it_has(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "query", _pmt(tmp_path), "manoeuvre", "hugues", "gob",
                        "--kind", "coup de grace")
    assert code == 2
    assert err.count("\n") == 1 and "is not a manoeuvre of pmt" in err
    assert "désarmer" in err and "faire reculer" in err


def test_strict_refuses_pmt_defensive_posture_with_its_source(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 004 "posture défensive": « ne peut attaquer »; the GM may still overrule it.
    f = _pmt(tmp_path, "defensive_posture")
    code, _, err = _run(capsys, "query", f, "attack", "hugues", "gob", "--strict",
                        "--roll", "15", "3")
    assert code == 2
    assert err == ("battlemap: refused: Hugues cannot make this attack now: Defensive "
                   "posture (004_49216c8abfe9f777.txt, \"posture défensive\").\n")
    code, data, _ = _run(capsys, "query", f, "attack", "hugues", "gob", "--roll", "15", "3")
    assert code == 0 and data["attacks"][0]["outcome"] in ("hit", "miss", "critical")
    code, _, err = _run(capsys, "query", f, "manoeuvre", "hugues", "gob", "--kind",
                        "knock down", "--strict", "--roll", "15")
    assert code == 2 and "Defensive posture" in err


def test_strict_refuses_a_target_out_of_reach(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "breche35", [
        Token(id="mara", name="Mara", side="party", col=1, row=1, stats=MARA),
        Token(id="gang", name="Gang", col=6, row=1, stats=MARA)])
    code, _, err = _run(capsys, "query", f, "manoeuvre", "mara", "gang", "--kind", "trip",
                        "--strict")
    assert (code, err) == (2, "battlemap: refused: Gang is out of reach of Mara (7.5 m).\n")
    code, data, _ = _run(capsys, "query", f, "manoeuvre", "mara", "gang", "--kind", "trip",
                         "--roll", "10", "10", "10")
    assert code == 0 and data["kind"] == "trip"


def test_strict_refuses_a_prone_archer(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    # 000 "Modificateurs de situation": « Attaquant à terre | … pas d'arme à distance sauf
    # arbalète ou arme à feu ».
    archer = {**MARA, "weapons": [{"name": "Arc court", "kind": "ranged", "damage": "1d6",
                                   "range_m": 18}]}
    f = _file(tmp_path, "breche35", [
        Token(id="mara", name="Mara", side="party", col=1, row=1, stats=archer,
              conditions=[Condition(name="prone")]),
        Token(id="gang", name="Gang", col=6, row=1, stats=MARA)])
    code, _, err = _run(capsys, "query", f, "attack", "mara", "gang", "--strict")
    assert code == 2
    assert "prone attacker: no ranged weapon but a crossbow or a firearm" in err
    assert '(000_d623f1b22a06cede.txt, "Modificateurs de situation")' in err
    code, data, _ = _run(capsys, "query", f, "attack", "mara", "gang")
    assert code == 0 and data["attacks"][0]["outcome"] == "no_target"


def test_strict_path_exits_with_the_reason(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "dnd2024", [Token(id="aude", name="Aude", side="party", col=1, row=1,
                                          stats=SAMPLE)],
              walls=[Wall(points=[(3, 0), (3, 5)])])
    code, data, _ = _run(capsys, "query", f, "path", "aude", "2,1", "3,1")
    assert code == 0 and not data["legal"]
    code, _, err = _run(capsys, "query", f, "path", "aude", "2,1", "3,1", "--strict")
    assert code == 2 and err == f"battlemap: refused: {data['reason']}.\n"


# -- fall, cast, disengage ------------------------------------------------------------------

def test_fall_dnd2024(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 003 "Chute": 1d6 per whole 3 m (7 m: 2d6), bludgeoning, then Prone.
    f = _file(tmp_path, "dnd2024", [Token(id="aude", name="Aude", side="party", col=1, row=1,
                                          stats=SAMPLE)])
    code, data, _ = _run(capsys, "query", f, "fall", "aude", "--height", "7", "--roll", "4",
                         "5")
    assert code == 0
    assert (data["dice_count"], data["damage"]) == (2, 9)
    assert (data["hp"]["before"], data["hp"]["after"]) == (44, 35)
    assert [c["name"] for c in data["hp"]["conditions_added"]] == ["prone"]
    assert data["hp"]["conditions_added"][0]["source"] == '003_04e386f09d3dfd89.txt, "Chute"'


def test_a_system_without_the_rule_says_so(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "query", _pmt(tmp_path), "fall", "hugues", "--height", "6")
    assert code == 2
    assert err == ("battlemap: Portes, Monstres & Trésors has no rule for a fall in its text "
                   "(004_49216c8abfe9f777.txt).\n")


def test_pmt_arcane_spell_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 004 "Le port d'une armure gêne la gestuelle": d100 ≤ the armour's penalty fails.
    mage = {**FIGHTER, "arcane_caster": True, "armour_penalty": 30}
    f = _pmt(tmp_path, fighter=mage)
    failed = _run(capsys, "query", f, "cast", "hugues", "--roll", "30")[1]["spell_failure"]
    cast = _run(capsys, "query", f, "cast", "hugues", "--roll", "31")[1]["spell_failure"]
    assert (failed["failed"], failed["penalty"], failed["roll"]["total"]) == (True, 30, 30)
    assert cast["failed"] is False
    assert "Le port d'une armure gêne la gestuelle" in cast["note"]


def test_breche35_concentration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000 "Compétences": DD 10 + damage taken + spell level; 1d20 + ranks + Con modifier.
    # Mara: Con 14 (+2); 5 damage, level 2 spell: DD 17; 14 + 2 + 1 rank = 17: kept.
    f = _file(tmp_path, "breche35", [Token(id="mara", name="Mara", side="party", col=1, row=1,
                                           stats=MARA)])
    code, data, _ = _run(capsys, "query", f, "cast", "mara", "--damage", "5", "--spell-level",
                         "2", "--ranks", "1", "--roll", "14")
    c = data["concentration"]
    assert code == 0 and (c["dc"], c["total"], c["success"]) == (17, 17, True)
    assert [(m["name"], m["value"]) for m in c["modifiers"]] == [
        ("Constitution", 2), ("Ranks (Concentration)", 1)]


def _melee_2bis(tmp_path: Path, ally_col: int | None) -> str:
    tokens = [Token(id="thief", name="Voleur", side="party", col=2, row=2, stats=THIEF),
              Token(id="orc", name="Orc", col=3, row=2, stats=ORC)]
    if ally_col is not None:
        tokens.append(Token(id="ally", name="Allié", side="party", col=ally_col, row=3,
                            stats=THIEF))
    return _file(tmp_path, "adnd2bis", tokens)


def test_disengage_2bis(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 001 "Opportunity Attacks et Désengagement": free when an ally takes the place and has
    # no other foe and no fewer attacks; else a check DC 15 + the foe's HD (orc: 1 → 16).
    code, alone, _ = _run(capsys, "query", _melee_2bis(tmp_path, None), "disengage", "thief",
                          "--roll", "20")
    assert code == 0 and alone["from"] == ["orc"] and alone["free"] is False
    assert [c["dc"] for c in alone["checks"]] == [16]
    assert alone["reasons"][0].startswith("a)")
    code, helped, _ = _run(capsys, "query", _melee_2bis(tmp_path, 3), "disengage", "thief",
                           "--ally", "ally")
    assert code == 0 and helped["free"] is True and helped["checks"] == []
    code, _, err = _run(capsys, "query", _melee_2bis(tmp_path, None), "disengage", "orc",
                        "--ally", "orc")
    assert code == 2 and "itself" in err


def test_disengage_with_no_foe_near(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "adnd2bis", [Token(id="thief", name="Voleur", side="party", col=2,
                                           row=2, stats=THIEF)])
    code, _, err = _run(capsys, "query", f, "disengage", "thief")
    assert code == 2 and "no melee to leave" in err


# -- save --from ----------------------------------------------------------------------------

def test_save_takes_the_cover_from_its_source(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # 003 "L'abri": half cover +2 to Dexterity saves against an effect from beyond it.
    f = _file(tmp_path, "dnd2024", [
        Token(id="aude", name="Aude", side="party", col=5, row=2, stats=SAMPLE),
        Token(id="mage", name="Mage", col=1, row=2, stats=SAMPLE)],
        walls=[Wall(points=[(4, 0), (4, 2.5)])])
    code, bare, _ = _run(capsys, "query", f, "save", "aude", "--ability", "dex", "--dc", "15",
                         "--roll", "10")
    assert code == 0 and "cover" not in bare
    for source in ("mage", "1.5,2.5"):
        code, data, _ = _run(capsys, "query", f, "save", "aude", "--ability", "dex", "--dc",
                             "15", "--roll", "10", "--from", source)
        assert code == 0 and data["from"] == source and data["cover"] != "none", data
        cover = [m for m in data["modifiers"] if m["type"] == "cover"]
        assert len(cover) == 1 and cover[0]["value"] in (2, 5)
        assert data["total"] == bare["total"] + cover[0]["value"]
    code, _, err = _run(capsys, "query", f, "save", "aude", "--ability", "dex", "--dc", "15",
                        "--from", "nobody")
    assert code == 2 and "no token 'nobody'" in err


def test_2bis_charge_and_its_blow(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 001 "Charge": +2 to hit and damage on the first attack after the run-up, -2 AC; a
    # thrusting polearm doubles the Strength damage bonus (18/00: +6 → +12). Ogre: THAC0 15,
    # Str 18/00 (+3 to hit). d20 10 + 3 + 2 = 15; 1d6 4 + 12 + 2 = 18.
    from tests.helpers.adnd2bis import OGRE

    spear = {**OGRE, "weapons": [{"name": "Lance", "damage": "1d6", "damage_type": "piercing",
                                  "polearm": True}]}
    f = _file(tmp_path, "adnd2bis", [
        Token(id="ogre", name="Ogre", side="party", col=2, row=2, stats=spear),
        Token(id="orc", name="Orc", col=3, row=2, stats=ORC)])
    code, data, _ = _run(capsys, "query", f, "manoeuvre", "ogre", "orc", "--kind", "charge",
                         "--option", "moved_m=9", "--blow-roll", "10", "4")
    assert code == 0 and data["success"] is True
    assert [(m["applies_to"], m["value"]) for m in data["modifiers"]] == [
        ("ac", -2), ("attack", 2), ("damage", 2)]
    blow = data["blow"][0]
    assert (blow["outcome"], blow["total"]) == ("hit", 15)
    assert [(m["name"], m["value"]) for m in blow["modifiers"]] == [("Strength 18/00", 3),
                                                                      ("Charge", 2)]
    assert blow["damage"]["total"] == 18
    assert [(m["name"], m["value"], m["source"]) for m in blow["damage"]["modifiers"]] == [
        ("Strength ×2 (polearm charge)", 12, '001_dd346e63a171f715.txt, "Charge"'),
        ("Charge", 2, '001_dd346e63a171f715.txt, "Charge"')]
    code, short, _ = _run(capsys, "query", f, "manoeuvre", "ogre", "orc", "--kind", "charge")
    assert code == 0 and short["success"] is False and "blow" not in short


def test_a_pmt_manoeuvre_behind_total_cover_does_not_happen(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 004 "Manœuvres de combat": a manoeuvre is an attack roll; with no line to the target
    # (total cover) there is no roll, so no manoeuvre (it read "success" before).
    f = _file(tmp_path, "pmt", [
        Token(id="hugues", name="Hugues", side="party", col=2, row=2, stats=FIGHTER),
        Token(id="gob", name="Gob", col=3, row=2, stats=MONSTER_ASC)],
        walls=[Wall(points=[(3, 0), (3, 10)])])
    code, data, _ = _run(capsys, "query", f, "manoeuvre", "hugues", "gob", "--kind",
                         "knock down", "--roll", "15", "4")
    assert code == 0 and data["success"] is False and data["rolls"] == []
    assert data["notes"] == ["total cover: no target"]  # « couvert total : pas de cible »
    assert data["target_after"]["conditions"] == []
