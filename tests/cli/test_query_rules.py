"""`battlemap query FILE attack|save`: JSON rulings with forced dice, exit 2 on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.cli import main
from battlemap.io import save_encounter
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.dnd2024.stats import SAMPLE


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    # SAMPLE: a level-5 fighter, Str 17 (+3), proficiency +3, longsword 1d8.
    enc = Encounter(system="dnd2024", grid=Grid(cols=10, rows=8), tokens=[
        Token(id="aude", name="Aude", side="party", col=2, row=2, stats=SAMPLE),
        Token(id="orc", name="Orc", col=3, row=2, stats={"max_hp": 15, "ac": 13})])
    path = tmp_path / "fight.json"
    save_encounter(enc, path, backup=False)
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_attack_with_forced_dice(fight: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 2024 attack roll: d20 + ability modifier + proficiency bonus vs AC (PHB "Attack Rolls");
    # damage 1d8 + Str. d20 10 + 3 + 3 = 16 vs AC 13: hit; 1d8 → 5 + 3 = 8; Orc 15 → 7.
    code, out, _ = _run(capsys, "query", str(fight), "attack", "aude", "orc", "--roll", "10",
                        "--roll", "5")
    assert code == 0
    data = json.loads(out)
    att = data["attacks"][0]
    assert (att["outcome"], att["total"], att["target_number"]) == ("hit", 16, 13)
    assert [(m["name"], m["value"]) for m in att["modifiers"]] == [
        ("Strength modifier", 3), ("Proficiency bonus", 3)]
    assert all(m["source"] for m in att["modifiers"])
    assert att["roll"]["total"] == 10 and att["damage"]["total"] == 8
    assert data["target_after"] == {"token": "orc", "hp": 7, "state": "bloodied",
                                    "conditions": []}
    assert data["log"]["en"] == "Attack: Aude → Orc (Épée longue): hit, 8 damage (8 taken), HP 15 → 7"
    assert data["total_damage"] == 8 and data["damage_taken"] == 8
    # The file itself is not touched by a query.
    assert json.loads(fight.read_text())["tokens"][1]["hp"] is None


def test_same_seed_same_ruling(fight: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = [_run(capsys, "query", str(fight), "attack", "aude", "orc", "--seed", "42")[1]
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_save(fight: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The orc has no Dex bonus or proficiency: d20 11 vs DC 12 fails.
    code, out, _ = _run(capsys, "query", str(fight), "save", "orc", "--ability", "dex",
                        "--dc", "12", "--roll", "11")
    data = json.loads(out)
    assert code == 0 and (data["total"], data["dc"], data["success"]) == (11, 12, False)
    assert data["log"]["en"] == "Orc: Dexterity save DC 12: 11, failure"


@pytest.mark.parametrize("argv, message", [
    (["attack", "aude", "nobody"], "no token 'nobody'"),
    (["attack", "aude", "orc", "--weapon", "Hache"], "no weapon 'Hache'"),
    (["attack", "aude", "orc", "--roll", "25"], "does not fit a d20"),
    (["save", "orc", "--ability", "luck", "--dc", "10"], "cannot roll a 'luck' save"),
])
def test_bad_input_exits_2_with_one_sentence(fight: Path, capsys: pytest.CaptureFixture[str],
                                             argv: list[str], message: str) -> None:
    code, out, err = _run(capsys, "query", str(fight), *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


@pytest.fixture
def sleeper(tmp_path: Path) -> Path:
    # pmt: a fighter (attack bonus +1, FOR 13, FOR prime) and a monster asleep with 10 HP.
    fighter = {"max_hp": 18, "ac": 16, "attack_bonus": 1, "strength": 13, "prime": ["str"],
               "weapons": [{"name": "Épée", "damage": "1d8"}, {"name": "Dague", "damage": "1d4"}]}
    enc = Encounter(system="pmt", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=fighter),
        Token(id="s", name="S", col=2, row=1, conditions=[{"name": "unconscious"}],
              stats={"max_hp": 10, "ac": 12, "weapons": [{"name": "Griffes", "damage": "1d6"}]})])
    path = tmp_path / "sleeper.json"
    save_encounter(enc, path, backup=False)
    return path


@pytest.fixture
def shot(tmp_path: Path) -> Path:
    from battlemap.rules.breche35.stats import SAMPLE as B35

    enc = Encounter(system="breche35", grid=Grid(cols=10, rows=8), tokens=[
        Token(id="ana", name="Ana", side="party", col=2, row=2, stats=B35),
        Token(id="goule", name="Goule", col=3, row=2, stats=B35)])
    path = tmp_path / "shot.json"
    save_encounter(enc, path, backup=False)
    return path


def test_attack_option_finishes_off_a_sleeper(sleeper: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # 004_49216c8abfe9f777.txt: "Toute attaque contre un personnage inconscient réussit
    # automatiquement et le tue si l'attaquant le désire." 1d8 3 + FOR 1: 10 → 0, dead.
    code, out, _ = _run(capsys, "query", str(sleeper), "attack", "a", "s", "--option",
                        "kill=yes", "--roll", "3")
    data = json.loads(out)
    assert code == 0 and data["attacks"][0]["outcome"] == "auto_hit"
    assert data["target_after"] == {"token": "s", "hp": 0, "state": "dead",
                                    "conditions": ["dead"]}
    # Without the option the sleeper is only hurt: 10 → 6.
    code, out, _ = _run(capsys, "query", str(sleeper), "attack", "a", "s", "--roll", "3")
    assert json.loads(out)["target_after"]["hp"] == 6


def test_attack_option_two_weapons(sleeper: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 004_49216c8abfe9f777.txt, two weapons: two attacks, the second with the Dague.
    code, out, _ = _run(capsys, "query", str(sleeper), "attack", "a", "s", "--option",
                        "two_weapon=Dague", "--roll", "3", "2")
    data = json.loads(out)
    assert code == 0
    assert [(a["label"], a["damage"]["total"]) for a in data["attacks"]] == [
        ("Épée (1/2)", 4), ("Dague (2/2)", 3)]


@pytest.mark.parametrize("option, message", [
    ("parry=yes", "'parry' is not a choice of this attack (offered: two_weapon=<Dague>, "
                  "kill=yes|no)."),
    ("two_weapon=Hache", "'Hache' cannot be chosen for 'two_weapon' (one of: Dague, or none)."),
    ("kill", "--option takes KEY=VALUE, not 'kill'."),
])
def test_bad_attack_option_exits_2_with_one_sentence(sleeper: Path, option: str, message: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "query", str(sleeper), "attack", "a", "s", "--option", option)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_a_provoking_attack_lists_the_foe_and_rolls_its_oa_only_when_asked(
        shot: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000_d623f1b22a06cede.txt, "Attaques d'opportunité": a shot in a threatened square.
    argv = ["query", str(shot), "attack", "ana", "goule", "--weapon", "Pistolet 9 mm",
            "--roll", "2"]
    data = json.loads(_run(capsys, *argv)[1])
    assert [p["by"] for p in data["provokes"]] == ["goule"]
    assert data["opportunity_attacks"] == [] and data["hp_changes"] == []
    # Goule's Machette: 15 + 8 = 23 vs CA 17, 1d6 4 + 3 = 7 (Ana 42 → 35); the shot misses.
    data = json.loads(_run(capsys, *argv, "--oa", "resolve", "--oa-roll", "15", "4")[1])
    assert data["opportunity_attacks"][0]["attacks"][0]["outcome"] == "hit"
    assert [(h["token"], h["after"]) for h in data["hp_changes"]] == [("ana", 35)]


def test_an_attack_whose_damage_cannot_be_rolled_exits_2_with_one_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "1d8/0" is dice notation, so the file loads; only rolling it fails (a division by 0).
    armed = {**SAMPLE, "weapons": [{"name": "Hache", "damage": "1d8/0"}]}
    enc = Encounter(system="dnd2024", grid=Grid(cols=10, rows=8), tokens=[
        Token(id="aude", name="Aude", side="party", col=2, row=2, stats=armed),
        Token(id="orc", name="Orc", col=3, row=2, stats={"max_hp": 15, "ac": 13})])
    path = tmp_path / "fight.json"
    save_encounter(enc, path, backup=False)
    code, out, err = _run(capsys, "query", str(path), "attack", "aude", "orc", "--roll", "15")
    assert (code, out) == (2, "")
    assert err == ("battlemap: Cannot roll the dice: '1d8/0' cannot be rolled "
                   "(cannot divide by zero).\n")


def test_initiative_lists_every_token_in_turn_order(capsys) -> None:  # type: ignore[no-untyped-def]
    from battlemap import assets

    demo = assets.demo_file()
    assert main(["query", str(demo), "initiative", "--seed", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    tokens = [e["token"] for e in out["entries"]]
    data = json.loads(Path(demo).read_text(encoding="utf-8"))
    assert sorted(tokens) == sorted(t["id"] for t in data["tokens"])
    scores = [e["score"] for e in out["entries"]]
    assert scores == sorted(scores, reverse=True)  # dnd2024: the highest acts first
    assert out["log"]["en"]
