"""A PMT minion against an area with a save (004 "Sbires": « une attaque réussie contre eux les
met immédiatement hors combat »; the seed is silent on areas). The project's default: a
minion that saves is not reached (no damage, it stays up, the log says why); one that fails
takes the area as a hit (out); any other creature that saves takes half."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.engine.log_text import detail_lines
from battlemap.model import AreaTemplate, Encounter, Grid, Token
from battlemap.text import from_data, words

MINION = {"max_hp": 4, "ac": 13, "thac0": 19, "minion": True,
          "weapons": [{"name": "Lance", "damage": "1d6"}]}
OGRE = {"max_hp": 30, "ac": 14, "thac0": 15, "level": 4,
        "weapons": [{"name": "Massue", "damage": "1d10"}]}


def _session() -> Session:
    enc = Encounter(system="pmt", grid=Grid(cols=12, rows=8), tokens=[
        Token(id="g1", name="Gobelin 1", side="foe", col=4, row=4, stats=MINION),
        Token(id="g2", name="Gobelin 2", side="foe", col=5, row=4, stats=MINION),
        Token(id="ogre", name="Ogre", side="foe", col=6, row=4, stats=OGRE)])
    return Session(enc, seed=1)


def test_a_minion_that_saves_is_not_reached_one_that_fails_is_out() -> None:
    # 3d6 forced to 4s: 12 damage. Breath saves (17 on every sheet): Gobelin 1 rolls 18
    # (saved), Gobelin 2 rolls 5 (failed), the Ogre 20 (saved: half, 6).
    s = _session()
    t = s.place_area(AreaTemplate(id="souffle", shape="sphere", origin=(5.5, 4.5), size_m=6.0))
    out = s.apply_area(t.id, save_ability="breath", dc=0, damage="3d6",
                       forced=[4, 4, 4, 18, 5, 20])
    assert out.tokens == ["g1", "g2", "ogre"]
    assert [(sv.token, sv.total, sv.dc, sv.success) for sv in out.saves] == [
        ("g1", 18, 17, True), ("g2", 5, 17, False), ("ogre", 20, 17, True)]
    assert {h.token: (h.before, h.after, h.state_after) for h in out.hp_changes} == {
        "g2": (4, -8, "out"), "ogre": (30, 24, "ok")}
    assert s.token("g1").hp in (None, 4) and not s.token("g1").conditions
    assert [c.name for c in s.token("g2").conditions] == ["out"]
    lines = detail_lines(s.encounter.log[-1]["details"], "fr")
    assert ("Gobelin 1 : sbire : jet de sauvegarde réussi, l'effet ne l'atteint pas "
            "Portes, Monstres & Trésors — Sbires (choix par défaut du projet, la graine ne dit "
            "rien)") in lines
    assert "Ogre : sauvegarde réussie : moitié des dégâts" in lines


def test_without_the_minions_option_a_minion_that_saves_takes_half() -> None:
    s = _session()
    s.set_options(rules={"minions": False})
    t = s.place_area(AreaTemplate(id="souffle", shape="sphere", origin=(5.5, 4.5), size_m=6.0))
    out = s.apply_area(t.id, save_ability="breath", dc=0, damage="3d6",
                       forced=[4, 4, 4, 18, 5, 20])
    assert {h.token for h in out.hp_changes} == {"g1", "g2", "ogre"}


def test_the_area_line_gives_each_save_against_its_table_number_and_the_damage() -> None:
    s = _session()
    t = s.place_area(AreaTemplate(id="souffle", shape="sphere", origin=(5.5, 4.5), size_m=6.0))
    s.apply_area(t.id, save_ability="breath", dc=0, damage="3d6", forced=[4, 4, 4, 18, 5, 20])
    entry = s.encounter.log[-1]
    assert words(from_data(entry["summary"]), "fr") == (
        "Zone sphère (souffle) : Gobelin 1 sauvegarde réussie (18 contre 17), aucun dégât ; "
        "Gobelin 2 ratée (5 contre 17), 12 dégâts (PV 4 → -8, hors de combat) ; "
        "Ogre réussie (20 contre 17), 6 dégâts (PV 30 → 24)")
    assert words(from_data(entry["summary"]), "en") == (
        "Area sphere (souffle): Gobelin 1 save succeeded (18 vs 17), no damage; "
        "Gobelin 2 failed (5 vs 17), 12 damage (HP 4 → -8, out of the fight); "
        "Ogre succeeded (20 vs 17), 6 damage (HP 30 → 24)")


def test_an_area_without_a_save_gives_the_damage_only() -> None:
    s = _session()
    t = s.place_area(AreaTemplate(id="z", shape="sphere", origin=(5.5, 4.5), size_m=1.5))
    s.apply_area(t.id, damage="1d6", forced=[2])
    entry = s.encounter.log[-1]
    assert words(from_data(entry["summary"]), "en") == "Area sphere (z): Gobelin 2: 2 damage (HP 4 → 0, out of the fight)"
    assert words(from_data(entry["summary"]), "fr") == "Zone sphère (z) : Gobelin 2 : 2 dégâts (PV 4 → 0, hors de combat)"
