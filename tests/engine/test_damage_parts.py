"""The engine hands every typed part to the system and shows each in the breakdown and the
log, in both languages: an attack's parts (the ghoul's necrotic, SRD 5.2 Ghoul, Bite), an
area's fire meeting a fire resistance through the same per-type code, and condition
immunities enforced wherever a condition is applied (003_04e386f09d3dfd89.txt,
« Immunité »: « un type de dégâts ou un état […] ne vous affecte en aucune manière »)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.assets import demo_files, statblock_file
from battlemap.engine import EngineError, Session
from battlemap.engine.log_text import detail_lines
from battlemap.io import load_encounter, save_encounter
from battlemap.model import AreaShape, AreaTemplate, Encounter, Grid, Token
from battlemap.rules.dnd2024.samples import FIGHTER, GHOUL
from battlemap.text import words

SLIME = {**FIGHTER, "player_character": False, "condition_immunities": ["prone", "grappled"]}


def _duel(a: dict[str, Any], b: dict[str, Any], **b_fields: Any) -> Session:
    enc = Encounter(system="dnd2024", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="a", name="Goule", side="foe", col=1, row=1, stats=a),
        Token(id="b", name="Aude", side="party", col=2, row=1, stats=b, **b_fields)])
    return Session(enc, seed=1)


def test_a_bite_s_necrotic_part_meets_the_target_s_resistance_in_the_log() -> None:
    # Bite: d20 15 + 4 hits AC 18; piercing 1d6 (5) + 2 = 7, necrotic 1d6 (5) → resisted, 2.
    s = _duel(GHOUL, {**FIGHTER, "resistances": ["necrotic"]})
    out = s.attack("a", "b", weapon="Morsure", forced=[15, 5, 5])
    assert out.result.total_damage == 12 and out.damage_taken == 9
    assert [(h.before, h.after) for h in out.hp_changes] == [(44, 35)]
    entry = s.log.entries[-1]
    assert entry.said("fr").endswith("touché, 12 dégâts (9 subis), PV 44 → 35")
    fr, en = detail_lines(entry.details, "fr"), detail_lines(entry.details, "en")
    assert "    1d6+2 perforant = 7, 1d6 nécrotique = 5" in fr
    assert ("  1d6 nécrotique = 5 → résistance (nécrotique) : 5 → 2 (D&D 2024 PHB, Damage "
            "Resistance and Vulnerability)") in fr
    assert ("  1d6 necrotic = 5 → resistance (necrotic): 5 → 2 (D&D 2024 PHB, Damage "
            "Resistance and Vulnerability)") in en


def test_an_area_s_fire_is_halved_for_a_fire_resistant_creature() -> None:
    # One roll for the area, 4d6 (3+4+5+6 = 18); both fail (Dex save 2 + 2, 3 + 2 vs DC 15).
    # Aude resists fire: 18 → 9 (rounded down); the ghoul takes 18.
    s = _duel(GHOUL, {**FIGHTER, "resistances": ["fire"]})
    tpl = s.place_area(AreaTemplate(shape=AreaShape.SPHERE, origin=(3.0, 2.25), size_m=3.0))
    out = s.apply_area(tpl.id, save_ability="dex", dc=15, damage="4d6", damage_kind="fire",
                       forced=[3, 4, 5, 6, 2, 3])
    by_token = {h.token: (h.before, h.after) for h in out.hp_changes}
    assert by_token == {"a": (22, 4), "b": (44, 35)}
    aude = next(h for h in out.hp_changes if h.token == "b")
    assert [(p.type, p.rolled, p.taken) for p in aude.parts] == [("fire", 18, 9)]
    assert s.log.entries[-1].said("fr").endswith(
        "18 dégâts (PV 22 → 4, en péril) ; Aude ratée (5), 18 dégâts (9 subis, PV 44 → 35)")
    lines = detail_lines(s.log.entries[-1].details, "fr")
    assert ("  feu 18 → résistance (feu) : 18 → 9 (D&D 2024 PHB, Damage Resistance and "
            "Vulnerability)") in lines


def test_the_gm_cannot_put_a_condition_on_a_creature_immune_to_it() -> None:
    s = _duel(GHOUL, FIGHTER)
    before = len(s.log.entries)
    with pytest.raises(EngineError) as err:
        s.add_condition("a", "charmed")
    assert str(err.value) == ('Goule is immune to Charmed (its stat block; '
                              '003_04e386f09d3dfd89.txt, "Immunité")')
    assert words(err.value.reason, "fr") == (
        "Goule est immunisé contre l'état Charmé (son profil ; D&D 2024 — Immunité)")
    assert not s.token("a").has_condition("charmed") and len(s.log.entries) == before
    s.add_condition("a", "prone")  # what it is not immune to takes hold
    assert s.token("a").has_condition("prone")


def test_a_shove_s_prone_does_not_take_hold_on_a_creature_immune_to_it() -> None:
    # PHB Shove: the target saves (Str or Dex) against 8 + Str + proficiency = 14; natural 2
    # + 3 fails, so the shove works, but the slime is immune to Prone: the result says so.
    s = _duel(FIGHTER, SLIME)
    res = s.manoeuvre("shove", "a", "b", forced=[2])
    assert res.success and not s.token("b").has_condition("prone")
    assert res.effects == ['Aude is immune to Prone (its stat block; '
                           '003_04e386f09d3dfd89.txt, "Immunité")']
    assert words(res.effects[0], "fr") == (
        "Aude est immunisé contre l'état À terre (son profil ; D&D 2024 — Immunité)")
    assert ("conséquences : Aude est immunisé contre l'état À terre (son profil ; D&D 2024 — "
            "Immunité)") in detail_lines(s.log.entries[-1].details, "fr")


def test_a_grapple_does_not_take_hold_on_a_creature_immune_to_grappled() -> None:
    s = _duel(FIGHTER, SLIME)
    res = s.manoeuvre("grapple", "a", "b", forced=[2])
    assert res.success and not s.token("b").has_condition("grappled")
    assert res.effects == ['Aude is immune to Grappled (its stat block; '
                           '003_04e386f09d3dfd89.txt, "Immunité")']


def test_a_condition_a_result_brings_is_left_off_with_a_log_entry() -> None:
    # The engine's own guard, whatever the rules put in a result (a system of its own, a
    # plugin): a result carrying Prone, applied as the engine applies every manoeuvre's.
    from battlemap.engine.commands.conditions import _apply_manoeuvre_conditions
    from battlemap.model import Condition
    from battlemap.rules.core.combat import ManoeuvreResult

    s = _duel(FIGHTER, SLIME)
    res = ManoeuvreResult(name="shove", success=True,
                          conditions_added={"b": [Condition(name="prone")]})
    with s.command("shove"):
        _apply_manoeuvre_conditions(s, res, "a", "b")
    assert not s.token("b").has_condition("prone")
    assert res.notes == ['Aude is immune to Prone (its stat block; '
                         '003_04e386f09d3dfd89.txt, "Immunité")']
    refused = [e for e in s.log.entries if e.details.get("refused") == "prone"]
    assert [e.said("en") for e in refused] == [
        'Condition not applied: Aude is immune to Prone (its stat block; '
        '003_04e386f09d3dfd89.txt, "Immunité")']
    assert refused[0].said("fr") == ("État non appliqué : Aude est immunisé contre l'état "
                                     "À terre (son profil ; D&D 2024 — Immunité)")


def test_a_creature_immune_to_surprised_is_not_surprised() -> None:
    s = _duel(FIGHTER, {**SLIME, "condition_immunities": ["surprised"]})
    s.start_combat(surprised=["a", "b"], forced=[10, 10])
    assert s.token("a").has_condition("surprised") and not s.token("b").has_condition("surprised")


def test_dropping_to_zero_leaves_off_the_prone_it_is_immune_to() -> None:
    # 0 HP: Unconscious and Prone (PHB, Dropping to 0 Hit Points); the slime keeps standing.
    s = _duel(FIGHTER, {**SLIME, "player_character": True}, hp=3)
    hp = s.damage("b", 10)
    assert not s.token("b").has_condition("prone") and s.token("b").has_condition("unconscious")
    assert any("immune to Prone" in n for n in hp.notes)


def test_query_attack_json_lists_the_bite_s_parts(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # The crypt's ghoul, beside a fighter resistant to necrotic: d20 15 + 4 vs AC 18,
    # piercing 1d6 (3) + 2 = 5, necrotic 1d6 (4) → 2.
    from battlemap.cli import main

    demo = load_encounter(next(p for p in demo_files() if p.name == "dnd2024-crypt.json"))
    ghoul = next(t for t in demo.tokens if t.id == "goule")
    enc = Encounter(system="dnd2024", grid=Grid(cols=6, rows=4), tokens=[
        ghoul.model_copy(update={"col": 1, "row": 1}),
        Token(id="aude", name="Aude", side="party", col=2, row=1,
              stats={**FIGHTER, "resistances": ["necrotic"]})])
    path = tmp_path / "bite.json"
    save_encounter(enc, path, backup=False)
    assert main(["query", str(path), "attack", "goule", "aude", "--weapon", "Morsure",
                 "--roll", "15", "3", "4"]) == 0
    data = json.loads(capsys.readouterr().out)
    parts = data["attacks"][0]["damage"]["parts"]
    assert [(p["type"], p["expr"], p["rolled"]) for p in parts] == [
        ("piercing", "1d6+2", 5), ("necrotic", "1d6", 4)]
    assert [(p["type"], p["taken"]) for p in data["hp_changes"][0]["parts"]] == [
        ("piercing", 5), ("necrotic", 2)]
    assert (data["total_damage"], data["damage_taken"]) == (9, 7)


def test_the_demo_and_bestiary_ghouls_bite_with_necrotic() -> None:
    # SRD 5.2 Ghoul: Bite "plus 3 (1d6) Necrotic damage"; immune to Charmed, Exhaustion and
    # Poisoned.
    demo = load_encounter(next(p for p in demo_files() if p.name == "dnd2024-crypt.json"))
    ghoul = next(t for t in demo.tokens if t.id == "goule")
    bite = next(w for w in ghoul.stats["weapons"] if w["name"] == "Morsure")
    assert bite["extra_damage"] == [{"dice": "1d6", "type": "necrotic"}]
    bestiary = json.loads(statblock_file("dnd2024").read_text(encoding="utf-8"))
    goule = next(c for c in bestiary["creatures"] if c["name"] == "Goule")["stats"]
    bite = next(w for w in goule["weapons"] if w["name"] == "Morsure")
    assert bite["extra_damage"] == [{"dice": "1d6", "type": "necrotic"}]
    assert goule["condition_immunities"] == ["charmed", "exhaustion", "poisoned"]


def test_a_3_5_flaming_blow_logs_each_part_with_its_dr_or_resistance() -> None:
    # 000_d623f1b22a06cede.txt: threat 19 confirmed (15 + 8 vs CA 16), « les dégâts sont
    # multipliés (×2) » but not the bonus die; « Capacités spéciales »: the brute's RD
    # 5/argent takes 5 off the weapon's part, its fire resistance 10 the fire part.
    from tests.helpers.breche35 import BRUTE, MARA

    axe = {"name": "Machette ardente", "damage": "1d6", "damage_type": "slashing",
           "crit_range": 19, "bonus_damage": "1d6", "bonus_damage_type": "fire"}
    enc = Encounter(system="breche35", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="m", name="Mara", side="party", col=1, row=1, stats={**MARA, "weapons": [axe]}),
        Token(id="b", name="Brute", side="foe", col=2, row=1, stats=BRUTE, size="large")])
    s = Session(enc, seed=1)
    out = s.attack("m", "b", forced=[19, 15, 4, 6, 5])
    assert (out.result.total_damage, out.damage_taken) == ((4 + 3) + (6 + 3) + 5, 11)
    entry = s.log.entries[-1]
    assert entry.said("fr").endswith("coup critique, 21 dégâts (11 subis), PV 63 → 52")
    fr = detail_lines(entry.details, "fr")
    assert "    (1d6+3) + (1d6+3) tranchant = 16, 1d6 feu = 5" in fr
    assert fr[-2:] == [
        "  (1d6+3) + (1d6+3) tranchant = 16 → RD 5/silver : 16 → 11 (Brèche (D&D 3.5) — "
        "Capacités spéciales)",
        "  1d6 feu = 5 → résistance (feu) 10 : 5 → 0 (Brèche (D&D 3.5) — Capacités spéciales)"]
    en = detail_lines(entry.details, "en")
    assert en[-1] == ('  1d6 fire = 5 → resistance (fire) 10: 5 → 0 (000_d623f1b22a06cede.txt, '
                      '"Capacités spéciales")')
