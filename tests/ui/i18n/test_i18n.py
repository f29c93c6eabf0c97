"""The translator: FR/EN switch, system-locale detection, each system's own French words
(RULES.md §5 "Words on screen")."""

import pytest

from battlemap.ui import i18n
from tests.ui.conftest import french_demo_window


def test_tr_switches_between_english_and_french() -> None:
    i18n.set_language("en")
    assert i18n.tr("Next turn") == "Next turn"
    i18n.set_language("fr")
    assert i18n.tr("Next turn") == "Tour suivant"
    assert i18n.language() == "fr"


def test_unknown_text_falls_back_to_english() -> None:
    i18n.set_language("fr")
    assert i18n.tr("no such key 42") == "no such key 42"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("de")


@pytest.mark.parametrize(("env", "expected"), [
    ({"LC_ALL": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),  # LC_ALL wins, as POSIX says
    ({}, "en"),
])
def test_language_follows_the_system_locale(monkeypatch: pytest.MonkeyPatch,
                                            env: dict[str, str], expected: str) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert i18n.detect_language() == expected


@pytest.mark.parametrize(("concept", "system", "word"), [
    # RULES.md §5 table, one row per concept that differs between the systems' texts.
    ("cover", "breche35", "couverture"),
    ("cover", "dnd2024", "abri"),
    ("cover", "pmt", "couvert"),
    ("flanking", "breche35", "tenaille"),
    ("prone", "adnd2bis", "au sol"),
    ("prone", "dnd2024", "À terre"),
    ("bloodied", "dnd2024", "En péril"),
    ("gm", "pmt", "MdT"),
    ("gm", "breche35", "MJ"),
    ("difficulty_class", "adnd2bis", "DC"),
    ("difficulty_class", "breche35", "DD"),
    ("thac0", "pmt", "TAC0"),
])
def test_french_uses_each_systems_own_words(concept: str, system: str, word: str) -> None:
    i18n.set_language("fr")
    assert i18n.term(concept, system) == word


def test_english_terms_are_the_usual_dnd_words() -> None:
    i18n.set_language("en")
    assert i18n.term("cover", "dnd2024") == "cover"
    assert i18n.term("armour_class", "pmt") == "AC"
    assert i18n.term("thac0", "pmt") == "THAC0"


def test_every_french_format_string_keeps_its_placeholders() -> None:
    import re

    for en, fr in i18n.french().items():
        assert sorted(re.findall(r"\{[^}]*\}", en)) == sorted(re.findall(r"\{[^}]*\}", fr)), en


def test_every_system_option_and_stat_field_has_french_words() -> None:
    # Walkthrough of the pmt demo in French: the options dock read "Thac0 formula",
    # "Miss damage", "classic", "all"… and the stats form "Is pc", "Minion". Every field the
    # docks label (stats_form.field_label) and every choice they offer must be translated.
    import typing
    from typing import Literal

    from battlemap.rules.core.system import SHIPPED, get_system
    from battlemap.ui.docks.stats_form import _base_type, field_label

    fr = i18n.french()
    missing = []
    for sid in SHIPPED:
        system = get_system(sid)
        for model in (system.options_model, system.stats_model):
            for name, info in model.model_fields.items():
                if field_label(name) not in fr:
                    missing.append(f"{sid}: {field_label(name)}")
                kind = _base_type(info.annotation)
                if typing.get_origin(kind) is Literal:
                    missing += [f"{sid}: {c}" for c in typing.get_args(kind) if str(c) not in fr]
    assert missing == []


def test_the_options_dock_describes_each_rule_option_in_french() -> None:
    # Walkthrough (pmt demo, French): the options dock explained each option in English
    # ("A miss still deals 1 damage; …"). Every system's options are described in English
    # in the code and have their French here (the Brèche and 2024 ones were French in the
    # code, so the English interface showed French).
    from battlemap.rules.core.system import get_system

    fr = i18n.french()
    missing = [f"{sid}.{name}" for sid in ("adnd2bis", "pmt", "breche35", "dnd2024")
               for name, info in get_system(sid).options_model.model_fields.items()
               if info.description and info.description not in fr]
    assert missing == []


def test_the_options_dock_shows_the_french_description(qtbot) -> None:
    from PySide6.QtWidgets import QLabel

    w = french_demo_window(qtbot, "pmt-salle-des-gardes.json")
    label = w.docks["options"].findChild(QLabel, "rule_miss_damage_description")
    # 004: "Un coup raté inflige quand même 1 dommage. Le MdT peut limiter cet avantage aux PJ."
    assert label.text().startswith("Un coup raté inflige quand même 1 dommage ; le MdT peut")
    w.files.confirm_discard = lambda: True


def test_breche_and_2024_option_descriptions_follow_the_language(qtbot) -> None:
    # Each language its own words, the seed's section cited in both.
    from pathlib import Path

    from PySide6.QtWidgets import QLabel

    from battlemap.engine import Session
    from battlemap.io import load_encounter
    from battlemap.ui.window.main_window import MainWindow

    demos = Path(__file__).resolve().parents[3] / "assets" / "demo"
    cases = [("breche35-entrepot-pigalle.json", "rule_stabilise_chance_pct_description",
              '000 "Points de vie, mort et guérison": chance per round (d100) that a dying '
              "creature stabilises.",
              '000 "Points de vie, mort et guérison" : chances par round (d100) qu\'un '
              "mourant se stabilise."),
             ("dnd2024-crypt.json",
              "rule_initiative_mode_description",
              'Roll Initiative (d20 + Dex) or use the Initiative score 10 + Dex, ±5 '
              '(003 "Initiative").',
              "Jouer l'Initiative (d20 + Dex) ou utiliser la valeur d'Initiative 10 + Dex, "
              "±5 (003 « Initiative »).")]
    for demo, name, english, french in cases:
        i18n.set_language("en")
        w = MainWindow(Session(load_encounter(demos / demo), seed=1))
        qtbot.addWidget(w)
        w.show()
        qtbot.waitUntil(lambda w=w: all(d.built for d in w.docks.values()))
        assert w.docks["options"].findChild(QLabel, name).text() == english
        w.set_language("fr")
        assert w.docks["options"].findChild(QLabel, name).text() == french
        w.set_language("en")
        assert w.docks["options"].findChild(QLabel, name).text() == english
        w.files.confirm_discard = lambda: True
        w.close()
