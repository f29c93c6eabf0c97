"""Each demo's GM window, after a select and an attack, its attack panel open: the texts a
GM reads (widgets' text, labels, tooltips, combo items, every table and tree cell of each
dock and panel) hold no known French word in the English interface, and no known English
word in the French one. Names the GM typed or the stat blocks give (« Aude, guerrière »,
« Épée longue ») and seed citations are data, not interface, and are not in these lists."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QTabWidget,
    QWidget,
)

from battlemap.engine import Session
from battlemap.io import load_encounter
from battlemap.ui import i18n
from battlemap.ui.window.main_window import MainWindow

DEMOS = sorted((Path(__file__).resolve().parents[3] / "battlemap" / "assets" / "demo")
               .glob("*.json"))
# Interface and catalogue words: French that the English interface showed, English that the
# French one showed.
FRENCH = ["désarmer", "envoyer au sol", "attraper et tirer", "faire reculer", "subit",
          "dégâts", "touché", "raté", "debout", "en péril", "ignoré", "Vitesse"]
ENGLISH = ["bloodied", "standing", "ok", "dropped", "blunt", "piercing", "slashing", "hit",
           "miss", "damage", "disarm", "knock down"]
# The names the rules give their modifiers and target numbers (« Modificateur de Force »,
# « Abri supérieur », « CA 14 »): each system's words, said in the interface's language.
RULE_FRENCH = ["Modificateur de", "Bonus de maîtrise", "Abri supérieur", "CA", "taille"]


def _texts(root: QWidget) -> list[str]:
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible():
            continue
        out += [w.toolTip()]
        if isinstance(w, QLabel | QAbstractButton):
            out.append(w.text())
        if isinstance(w, QGroupBox):
            out.append(w.title())
        if isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QComboBox) and w.objectName() not in ("log_token_filter",
                                                               "attackWeapon"):
            out += [w.itemText(i) for i in range(w.count())]
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            out += _cells(w.model(), w.rootIndex())
    return [t for t in out if t]


def _cells(model: Any, parent: Any) -> list[str]:
    out: list[str] = []
    try:
        rows, cols = model.rowCount(parent), model.columnCount(parent)
    except TypeError:  # a list model: one column
        rows, cols = model.rowCount(parent), 1
    for r in range(rows):
        for c in range(cols):
            index = model.index(r, c, parent)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.data(index, role)
                if isinstance(value, str):
                    out.append(value)
            if c == 0 and model.rowCount(index):
                out += _cells(model, index)
    return out


def _without_data(text: str, session: Any) -> str:
    """The text less the names of the encounter's tokens and weapons, and seed citations."""
    for t in session.encounter.tokens:
        text = text.replace(t.name, " ")
        for w in (t.stats or {}).get("weapons", []) if isinstance(t.stats, dict) else []:
            text = text.replace(str(w.get("name", "")), " ")
    return re.sub(r'"[^"]*"|«[^»]*»|\[[^\]]*\]', " ", text)


def _shown(qtbot: Any, demo: Path, lang: str) -> tuple[Any, list[str]]:
    i18n.set_language(lang)
    s = Session(load_encounter(demo), seed=1)
    w = MainWindow(s)
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitUntil(lambda: all(d.built for d in w.docks.values()), timeout=20000)
    hero = next(t for t in s.encounter.tokens if t.side == "party")
    foe = next(t for t in s.encounter.tokens if t.side != "party")
    s.update_token(hero.id, col=foe.col - 1, row=foe.row)
    s.attack(hero.id, foe.id, oa="skip", forced=[15])
    s.damage(foe.id, 1)
    w.select_token(foe.id)
    attack = w.map_view.controllers["attack"]
    attack.attacker = hero.id
    attack.show_target(foe.id)
    panel = attack.open_panel()
    qtbot.addWidget(panel)
    texts = [_without_data(t, s) for t in _texts(w) + _texts(panel)]
    panel.close()
    w.files.confirm_discard = lambda: True
    w.close()
    return s, texts


def _found(texts: list[str], words: list[str]) -> list[tuple[str, str]]:
    return [(word, text) for text in texts for word in words
            if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
def test_the_english_interface_shows_no_french_word(qtbot, demo):
    _, texts = _shown(qtbot, demo, "en")
    assert not _found(texts, FRENCH)


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
def test_the_french_interface_shows_no_english_word(qtbot, demo):
    _, texts = _shown(qtbot, demo, "fr")
    assert not _found(texts, ENGLISH)


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
def test_the_english_interface_shows_no_french_rule_word(qtbot, demo):
    _, texts = _shown(qtbot, demo, "en")
    assert not _found(texts, RULE_FRENCH)
