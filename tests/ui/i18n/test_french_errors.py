"""Every error sentence the window shows is French when the GM picks French, English
otherwise (the English unchanged, as the CLI and the engine tests read it): the engine's
errors in the docks and the status bar (unknown token, turns, the turn's budget, combat,
areas, conditions), and a bad encounter or Universal VTT file opened from the window, all
through `i18n.refusal` (docs/rules/README.md#words-on-screen for the rule words: dnd2024's « À terre »)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox

from battlemap.ui import i18n
from tests.ui.conftest import crypt
from tests.ui.map.conftest import make_encounter, make_session, map_view, send_mouse

__all__ = ["map_view"]  # the shared MapView fixture, used here by name


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def _both(show: Callable[[], str]) -> tuple[str, str]:
    """What the window shows in French, then in English, for the same action."""
    i18n.set_language("fr")
    fr = show()
    i18n.set_language("en")
    return fr, show()


def _dock_says(dock: Any, command: Callable[..., Any], *args: Any, **kwargs: Any
               ) -> Callable[[], str]:
    def show() -> str:
        dock.run(command, *args, **kwargs)
        assert not dock.message.isHidden()
        return str(dock.message.text())
    return show


def test_engine_core_errors_in_the_inspector(window: Any, french: None) -> None:
    s, dock = window.session, window.docks["inspector"]
    window.select_token("ghoul")
    assert _both(_dock_says(dock, s.update_token, "ghoul", id="goule2")) == (
        "L'identifiant d'un pion ne peut pas changer ; retirez-le et ajoutez-en un nouveau.",
        "A token's id cannot be changed; remove it and add a new one.")
    assert _both(_dock_says(dock, s.damage, "nobody", 3)) == (
        "Il n'y a pas de pion « nobody » dans cette rencontre (pions : hero, cleric, ghoul, "
        "ogre).",
        "There is no token 'nobody' in this encounter (tokens: hero, cleric, ghoul, ogre).")
    # A pydantic message inside the sentence is said as the stats form says it.
    assert _both(_dock_says(dock, s.update_token, "ghoul", hp="beaucoup")) == (
        "Pion « ghoul » : hp : doit être un nombre entier.",
        "Token 'ghoul': hp: Input should be a valid integer, unable to parse string as an "
        "integer.")
    # The map's own placement rule, said by the creatures' names (a file's error names its
    # entries: "tokens[2] ('ghoul') overlaps 'hero'").
    assert _both(_dock_says(dock, s.update_token, "hero", col=5, row=2)) == (
        "Interdit : Goule et Aelis partageraient une case, ce que D&D 2024 ne permet pas.",
        "Not allowed: Goule and Aelis would share a square, which D&D 2024 does not allow.")


def test_combat_and_condition_errors_in_the_inspector(window: Any, french: None) -> None:
    s, dock = window.session, window.docks["inspector"]
    window.select_token("hero")
    assert _both(_dock_says(dock, s.damage, "hero", -3)) == (
        "Les dégâts doivent valoir zéro ou plus ; pour rendre des points de vie, utilisez "
        "« Soigner ».",
        "Damage must be zero or more; use heal to restore hit points.")
    assert _both(_dock_says(dock, s.heal, "hero", -3)) == (
        "Les soins doivent valoir zéro ou plus.", "Healing must be zero or more.")
    # The condition as dnd2024's French text names it (docs/rules/README.md#words-on-screen: prone = « À terre »).
    assert _both(_dock_says(dock, s.remove_condition, "hero", "prone")) == (
        "Aelis n'est pas dans l'état « À terre ».", "Aelis is not prone.")
    assert _both(_dock_says(dock, s.attack, "hero", "ghoul", weapon="Hache")) == (
        "Aelis n'a pas d'arme « Hache » (armes : Épée longue, Arc long).",
        "Aelis has no weapon 'Hache' (weapons: Épée longue, Arc long).")


def test_turn_and_budget_errors_in_the_initiative_dock(window: Any, french: None) -> None:
    s, dock = window.session, window.docks["initiative"]
    assert _both(_dock_says(dock, s.next_turn)) == (
        "Le combat n'a pas commencé : lancez d'abord l'initiative.",
        "Combat has not started: roll initiative first.")
    dock.roll()
    cur = s.current_token_id
    other = next(t for t in s.order if t != cur)
    assert _both(_dock_says(dock, s.delay, other)) == (  # 003 has no delay
        "Aucune créature ne peut attendre : D&D 2024 n'a pas de règle pour attendre et agir "
        "plus tard : son texte (003_04e386f09d3dfd89.txt) fait agir chaque créature à sa place.",
        "No creature can wait: D&D 2024 has no rule for waiting to act later: its text "
        "(003_04e386f09d3dfd89.txt) has each creature act in its place.")
    assert _both(_dock_says(dock, s.spend, cur, "fly")) == (
        "« fly » n'est pas une action de ce système (actions : action, bonus_action, "
        "reaction).",
        "'fly' is not an action of this system (actions: action, bonus_action, reaction).")
    assert _both(_dock_says(dock, s.move_in_order, "nobody", 0)) == (
        "« nobody » ne figure pas dans l'ordre d'initiative.",
        "'nobody' is not in the initiative order.")


def test_area_and_map_errors_in_the_status_bar(window: Any, french: None) -> None:
    s = window.session

    def status(command: Callable[..., Any], *args: Any) -> Callable[[], str]:
        def show() -> str:
            window.editing._run(command, *args)
            return str(window.statusBar().currentMessage())
        return show

    assert _both(status(s.remove_area, "nope")) == (
        "Il n'y a pas de gabarit de zone « nope ».", "There is no area template 'nope'.")
    # A damage typed for an area: the dice notation's fragment said in French too.
    from battlemap.model import AreaTemplate

    tpl = s.place_area(AreaTemplate(shape="sphere", origin=(5.0, 2.0), size_m=3.0))
    assert _both(status(s.apply_area, tpl.id, None, None, "1d8+")) == (
        "Impossible de lancer les dés : « 1d8+ » n'est pas une notation de dés (elle s'arrête "
        "trop tôt).",
        "Cannot roll the dice: '1d8+' is not dice notation (it ends too early).")
    assert _both(status(s.apply_area, tpl.id, None, None, "2d0")) == (
        "Impossible de lancer les dés : « 2d0 » ne peut pas être lancé (cannot roll a 0-sided "
        "die).",
        "Cannot roll the dice: '2d0' cannot be rolled (cannot roll a 0-sided die).")
    assert _both(status(s.set_door, 0, True)) == (
        "Le mur 0 est un simple mur, ni une porte ni une fenêtre.",
        "Wall 0 is a plain wall, not a door or a window.")


def test_a_forced_die_that_does_not_fit_in_the_attack_panel(map_view, qtbot,  # noqa: F811
                                                            french: None) -> None:
    from PySide6.QtCore import Qt

    hero = {"max_hp": 30, "ac": 16, "abilities": {"str": 16}, "proficiency_bonus": 2,
            "weapons": [{"name": "Longsword", "damage": "1d8"}]}
    view = map_view(make_session(make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=hero),
        dict(id="brute", name="Brute", side="foe", col=3, row=2, stats=hero)])))
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "release", 2.5, 2.5)
    qtbot.keyClick(view, Qt.Key.Key_A)
    send_mouse(view, "press", 3.5, 2.5)
    send_mouse(view, "release", 3.5, 2.5)
    panel = view.controllers["attack"].panel
    qtbot.addWidget(panel)
    panel.dice.setText("25")  # no d20 shows 25: the rules refuse, the panel says why

    def show() -> str:
        panel.roll_button.click()
        return str(panel.result_label.text())
    assert _both(show) == ("un jet imposé de 25 ne tient pas sur un d20",
                           "a forced roll of 25 does not fit a d20")


def _open(window: Any, monkeypatch: pytest.MonkeyPatch, path: Path) -> tuple[str, str]:
    """Open `path` from the window in French, then in English: the warning each time."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("dnd2024", True))
    before = window.session

    def show() -> str:
        assert window.files.open_path(path, confirmed=True) is False
        assert window.session is before
        return shown[-1]
    return _both(show)


def _encounter_file(tmp_path: Path, name: str, change: Callable[[dict[str, Any]], None]
                    ) -> Path:
    data = json.loads(crypt().model_dump_json())
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_bad_encounter_file_opened_in_french(window: Any, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "battlemap-encounter", "system": "dnd2024"', encoding="utf-8")
    assert _open(window, monkeypatch, broken) == (
        "broken.json : JSON invalide (séparateur « , » attendu, ligne 1, colonne 54).",
        "broken.json: not valid JSON (Expecting ',' delimiter at line 1, column 54).")
    no_cols = _encounter_file(tmp_path, "crypt.json", lambda d: d["grid"].update(cols=0))
    assert _open(window, monkeypatch, no_cols) == (
        "crypt.json : champ « grid.cols » : doit valoir au moins 1.",
        "crypt.json: field 'grid.cols': Input should be greater than or equal to 1.")
    newer = _encounter_file(tmp_path, "future.json", lambda d: d.update(version=99))
    assert _open(window, monkeypatch, newer) == (
        "future.json : la version 99 a été écrite par un battlemap plus récent (celui-ci lit "
        "jusqu'à la version 1).",
        "future.json: version 99 was written by a newer battlemap (this one reads up to 1).")
    stats = _encounter_file(tmp_path, "stats.json",
                            lambda d: d["tokens"][0]["stats"].update(ac="x"))
    assert _open(window, monkeypatch, stats) == (
        "stats.json : champ « tokens[0].stats.ac » (hero) : doit être un nombre entier.",
        "stats.json: field 'tokens[0].stats.ac' (hero): Input should be a valid integer, "
        "unable to parse string as an integer.")
    # The model's own validator, raised with its French.
    half = _encounter_file(tmp_path, "half.json", lambda d: d["tokens"][0].update(col=1.5))
    assert _open(window, monkeypatch, half) == (
        "half.json : champ « tokens[0] » : un pion de taille moyenne doit occuper des cases "
        "entières.",
        "half.json: field 'tokens[0]': a medium token must stand on whole squares.")
    array = tmp_path / "list.json"
    array.write_text("[1, 2]", encoding="utf-8")
    assert _open(window, monkeypatch, array) == (
        "list.json : le fichier doit contenir un objet JSON, pas un tableau.",
        "list.json: the file must hold a JSON object, not an array.")


_RESOLUTION = {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 10, "y": 10},
               "pixels_per_grid": 70}


def _uvtt(tmp_path: Path, name: str, data: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"format": 0.3, **data}), encoding="utf-8")
    return path


def test_a_bad_uvtt_file_opened_in_french(window: Any, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    assert _open(window, monkeypatch, _uvtt(tmp_path, "map.uvtt", {"line_of_sight": []})) == (
        "map.uvtt : le champ « resolution » manque ; est-ce bien un fichier Universal VTT ?",
        "map.uvtt: field 'resolution' is missing; is this a Universal VTT file?")
    missing = _uvtt(tmp_path, "cave.dd2vtt", {"resolution": _RESOLUTION,
                                              "image": "missing.png"})
    assert _open(window, monkeypatch, missing) == (
        "cave.dd2vtt : le champ « image » désigne « missing.png », qui n'est pas un fichier "
        "placé à côté.",
        "cave.dd2vtt: field 'image' names 'missing.png', which is not a file beside it.")
    flat = _uvtt(tmp_path, "flat.uvtt", {"resolution": {**_RESOLUTION,
                                                        "map_size": {"x": 0, "y": 10}}})
    assert _open(window, monkeypatch, flat) == (
        "flat.uvtt : le champ « resolution.map_size » vaut 0 × 10 cases ; chaque côté doit "
        "valoir plus de 0 et au plus 1000.",
        "flat.uvtt: field 'resolution.map_size' is 0x10 squares; each side must be more than 0 "
        "and at most 1000.")
    # A base64 picture that is no picture: the header check names the field, in French too.
    junk = _uvtt(tmp_path, "junk.uvtt", {"resolution": _RESOLUTION, "image": "AAAAAAAAAAAA"})
    assert _open(window, monkeypatch, junk) == (
        "junk.uvtt : le champ « image » : l'image n'est ni un PNG, ni un JPEG, ni un WebP.",
        "junk.uvtt: field 'image': the picture is not a PNG, JPEG or WebP image.")


def test_an_unknown_kind_of_file_in_french(window: Any, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hello", encoding="utf-8")
    assert _open(window, monkeypatch, notes) == (
        "notes.txt : ce type de fichier ne s'ouvre pas (types connus : .json, .dd2vtt, "
        ".df2vtt, .uvtt, .png, .jpg, .jpeg, .webp).",
        "notes.txt: this kind of file cannot be opened (known: .json, .dd2vtt, .df2vtt, .uvtt, "
        ".png, .jpg, .jpeg, .webp).")


def test_a_missing_or_unreadable_picture_said_in_french(window: Any, tmp_path: Path,
                                                        french: None) -> None:
    from battlemap.io import save_encounter
    from battlemap.model import MapImage

    enc = crypt()
    enc.grid = enc.grid.model_copy(update={"image": MapImage(path="crypt.map.png",
                                                             pixels_per_square=70)})
    path = tmp_path / "crypt.json"
    save_encounter(enc, path)

    def show() -> str:
        assert window.files.open_path(path, confirmed=True)
        return str(window.picture_warning.text)
    assert _both(show) == (
        "crypt.json : l'image de la carte « crypt.map.png » est introuvable ; la rencontre est "
        "ouverte sans elle (murs et pions sont tous là).",
        "crypt.json: the map picture 'crypt.map.png' is missing; the encounter is open "
        "without it (walls and tokens are all there).")
    (tmp_path / "crypt.map.png").write_bytes(b"not a picture at all")
    assert _both(show) == (
        "crypt.json : l'image de la carte « crypt.map.png » n'est ni un PNG, ni un JPEG, ni un "
        "WebP ; la rencontre est ouverte sans elle (murs et pions sont tous là).",
        "crypt.json: the map picture 'crypt.map.png' is not a PNG, JPEG or WebP image; the "
        "encounter is open without it (walls and tokens are all there).")
