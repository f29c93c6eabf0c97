"""The readings the seeds leave open (issue 30) are options of the systems' own models, so
the options dock shows each with its choices in the GM's language, and choosing one is an
engine command: 2bis `surprise_bonus` (001 lines 120 and 124), `creature_cover_cap` (001
"Modificateurs de Couverture"), pmt `natural_1` (004 speaks of the natural 20 alone)."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import french_demo_window


def _row(w: Any, name: str) -> tuple[str, list[str]]:
    from PySide6.QtWidgets import QComboBox

    dock = w.docks["options"]
    box = dock.findChild(QComboBox, f"rule_{name}")
    label = dock.rules_form.labelForField(box.parentWidget())
    return label.text(), [box.itemText(i) for i in range(box.count())]


def test_the_2bis_options_in_french_then_english_and_chosen(qtbot: Any) -> None:
    from PySide6.QtWidgets import QComboBox

    w = french_demo_window(qtbot, "adnd2bis-repaire-ogre.json")
    assert _row(w, "surprise_bonus") == ("Bonus de surprise", ["les deux", "au toucher",
                                                               "sur la CA"])
    assert _row(w, "creature_cover_cap") == ("Plafond de la couverture des créatures",
                                             ["aucune", "50 %"])
    w.set_language("en")
    assert _row(w, "surprise_bonus") == ("Surprise bonus", ["both", "to_hit", "ac"])
    box = w.docks["options"].findChild(QComboBox, "rule_surprise_bonus")
    box.setCurrentIndex(2)
    box.activated.emit(2)
    s = w.session
    assert s.options.surprise_bonus == "ac"
    assert s.encounter.options.rules["surprise_bonus"] == "ac"
    s.undo()
    assert s.options.surprise_bonus == "both"
    w.files.confirm_discard = lambda: True
    w.close()


def test_the_pmt_natural_1_option_in_french(qtbot: Any) -> None:
    w = french_demo_window(qtbot, "pmt-salle-des-gardes.json")
    assert _row(w, "natural_1") == ("1 naturel", ["compté tel quel", "raté automatique"])
    w.files.confirm_discard = lambda: True
    w.close()
