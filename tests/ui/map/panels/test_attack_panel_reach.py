"""The attack panel opens on a weapon that can reach the target: the longsword greyed the
Roll button against a skeleton across the crypt while the longbow could shoot it. When no
weapon reaches, the panel says why: the distance and each weapon's reach."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battlemap.engine import Session
from battlemap.io import load_encounter
from battlemap.ui.map.panels.attack_panel import AttackPanel
from tests.ui.i18n.test_french_rulings import french

__all__ = ["french"]  # a fixture used by name

DEMO = Path(__file__).resolve().parents[4] / "battlemap" / "assets" / "demo" / "dnd2024-crypt.json"


def _at(who: str, col: int, row: int) -> Session:
    enc = load_encounter(DEMO)
    enc.tokens = [t.model_copy(update={"col": col, "row": row}) if t.id == who else t
                  for t in enc.tokens]
    return Session(enc, seed=1)


def test_the_panel_opens_on_the_bow_when_the_sword_cannot_reach(qtbot: Any) -> None:
    s = _at("guerriere", 12, 8)  # 4.5 m below the skeleton, in the open
    panel = AttackPanel(s, "guerriere", "squelette-1")
    qtbot.addWidget(panel)
    assert panel.weapon_name() == "Arc long"
    assert panel.roll_button.isEnabled()


def test_the_first_weapon_stays_when_it_reaches(qtbot: Any) -> None:
    panel = AttackPanel(_at("guerriere", 11, 5), "guerriere", "squelette-1")
    qtbot.addWidget(panel)
    assert panel.weapon_name() == "Épée longue"


def test_when_no_weapon_reaches_the_panel_says_why(qtbot: Any, french: None) -> None:  # noqa: F811
    panel = AttackPanel(_at("clerc", 12, 8), "clerc", "squelette-1")  # a mace only
    qtbot.addWidget(panel)
    assert not panel.roll_button.isEnabled()
    why = ("Sœur Ysolde, clerc n'a aucune arme qui atteigne Squelette 1 à 4,5 m : "
           "Masse d'armes porte à 1,5 m")
    assert why in panel.situation.text()


PIKE = {"name": "Pique", "kind": "melee", "reach_m": 3.0}
DAGGER = {"name": "Dague", "kind": "melee"}
SRD = "D&D 3.5 SRD, Reach Weapons (000 \"Attaques d'opportunité\" is silent)"


def _pikeman(weapons: list[dict[str, Any]], foe_at: tuple[int, int]) -> Session:
    from battlemap.model import Encounter, Grid, Token

    return Session(Encounter(system="breche35", grid=Grid(cols=10, rows=10), tokens=[
        Token(id="pike", name="Piquier", side="foe", col=5, row=5, stats={"weapons": weapons}),
        Token(id="ana", name="Ana", side="party", col=foe_at[0], row=foe_at[1])]), seed=1)


def test_35_beside_a_pikeman_the_panel_opens_on_the_dagger(qtbot: Any) -> None:
    # D&D 3.5 SRD "Reach Weapons": the pike cannot strike an adjacent foe; the dagger can.
    panel = AttackPanel(_pikeman([PIKE, DAGGER], (6, 5)), "pike", "ana")
    qtbot.addWidget(panel)
    assert panel.weapon_name() == "Dague" and panel.roll_button.isEnabled()
    ring = AttackPanel(_pikeman([DAGGER, PIKE], (7, 7)), "pike", "ana")  # the 2nd diagonal
    qtbot.addWidget(ring)
    assert ring.weapon_name() == "Pique" and ring.roll_button.isEnabled()


def test_35_a_pike_alone_beside_its_foe_says_too_close(qtbot: Any,
                                                       french: None) -> None:  # noqa: F811
    panel = AttackPanel(_pikeman([PIKE], (6, 5)), "pike", "ana")
    qtbot.addWidget(panel)
    assert not panel.roll_button.isEnabled()
    text = panel.situation.text()
    assert f"trop près pour une arme d'allonge (Pique : {SRD})" in text
    assert ("Piquier n'a aucune arme qui atteigne Ana à 1,5 m : Pique est une arme "
            f"d'allonge, trop près ({SRD})") in text
