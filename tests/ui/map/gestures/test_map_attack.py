"""Attack flow from the map with real clicks: select the attacker, A, click the target → the
panel shows the engine's situation and modifiers; physical dice typed → session.attack →
HP on the token and one log entry. GM toggles and added modifiers reach the engine."""

from PySide6.QtCore import Qt

from ..conftest import make_encounter, make_session, send_mouse

HERO = {"max_hp": 30, "ac": 16, "abilities": {"str": 16}, "proficiency_bonus": 2,
        "weapons": [{"name": "Longsword", "damage": "1d8", "damage_type": "slashing"}]}
BRUTE = {"max_hp": 20, "ac": 15, "weapons": [{"name": "Club", "damage": "1d4"}]}


def duel():
    enc = make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=HERO),
        dict(id="brute", name="Brute", side="foe", col=3, row=2, hp=20, stats=BRUTE),
    ])
    return make_session(enc)


def open_panel(view, qtbot):
    send_mouse(view, "press", 2.5, 2.5)  # select the attacker
    send_mouse(view, "release", 2.5, 2.5)
    qtbot.keyClick(view, Qt.Key.Key_A)
    assert view.controllers["attack"].targeting
    send_mouse(view, "press", 3.5, 2.5)
    send_mouse(view, "release", 3.5, 2.5)
    panel = view.controllers["attack"].panel
    qtbot.addWidget(panel)
    return panel


def test_attack_with_physical_dice_end_to_end(map_view, qtbot):
    s = duel()
    view = map_view(s)
    panel = open_panel(view, qtbot)
    names = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    sources = [panel.table.item(r, 3).text() for r in range(panel.table.rowCount())]
    assert names and all(sources)  # every modifier has its source
    assert "15" in panel.situation.text()  # the target number (AC 15) from the engine
    log_before = len(s.log.entries)
    # 2024 rules (003 glossary; official attack roll): d20 + Str 3 + proficiency 2 vs AC 15;
    # damage 1d8 + Str 3. Physical dice: d20 = 12 (total 17, hit), d8 = 5 → 8 damage.
    panel.dice.setText("12, 5")
    panel.roll_button.click()
    attack = panel.outcome.result.attacks[0]
    assert (attack.total, attack.outcome) == (17, "hit")
    assert attack.damage.total == 8
    assert s.encounter.token("brute").hp == 12
    assert view.map_scene.tokens["brute"].look.hp == 12
    assert len(s.log.entries) == log_before + 1
    assert "17" in panel.result_label.text()
    s.undo()
    assert s.encounter.token("brute").hp == 20
    assert view.map_scene.tokens["brute"].look.hp == 20


def test_gm_can_switch_off_and_add_modifiers(map_view, qtbot):
    s = duel()
    view = map_view(s)
    panel = open_panel(view, qtbot)
    total_before = sum(m.value for m in panel.preview.modifiers)
    panel.add_name.setText("Bless")
    panel.add_value.setValue(2)
    panel.add_button.click()
    assert sum(m.value for m in panel.preview.modifiers) == total_before + 2
    bless = next(m for m in panel.preview.modifiers if m.name == "Bless")
    assert bless.source  # added by the GM, and says so
    row = next(r for r in range(panel.table.rowCount())
               if panel.table.item(r, 0).text() == "Bless")
    panel.table.item(row, 0).setCheckState(Qt.CheckState.Unchecked)
    assert "Bless" in panel.disabled
    assert sum(m.value for m in panel.preview.modifiers) == total_before
    assert any(d.name == "Bless" for d in panel.preview.dropped)


def test_keyboard_only_targeting_and_cover_lines(map_view, qtbot):
    s = duel()
    view = map_view(s)
    view.select_token("hero")
    qtbot.keyClick(view, Qt.Key.Key_A)
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    ctl = view.controllers["attack"]
    assert ctl.target == "brute"
    # The cover lines the engine measured are on the map, with the level label.
    assert ctl.cover.segments and ctl.cover.labels
    assert ctl.cover.labels[0].text == "No cover"  # the level in words (cover_words)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert ctl.panel is not None and ctl.panel.isVisible()
    qtbot.addWidget(ctl.panel)


def test_selecting_a_flanker_shows_the_flank_and_previews_only_the_flanked_foe(map_view):
    # 001_dd346e63a171f715.txt "Flanking" (adnd2bis, on by default): the brute between the
    # hero and the ally is flanked, +2 to hit; the goblin beside the hero alone is not, and
    # its attack is not even previewed (a selection previews the flanked foes only).
    from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER

    enc = make_encounter(system="adnd2bis", tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=SAMPLE_FIGHTER),
        dict(id="ally", name="Bera", side="party", col=4, row=2, stats=SAMPLE_FIGHTER),
        dict(id="brute", name="Brute", side="foe", col=3, row=2, stats=SAMPLE_FIGHTER),
        dict(id="gob", name="Goblin", side="foe", col=2, row=3, stats=SAMPLE_FIGHTER),
    ])
    s = make_session(enc)
    view = map_view(s)
    asked = []
    preview = s.preview_attack
    s.preview_attack = lambda a, t, **kw: (asked.append((a, t)), preview(a, t, **kw))[1]
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "release", 2.5, 2.5)
    flank = view.controllers["overlays"].flank
    assert [lb.text for lb in flank.labels] == ["Flanking: +2 (Flanking)"]
    assert flank.labels[0].at == (3.5, 1.7)  # above the brute
    assert asked == [("hero", "brute")]


def test_all_enemy_zones_are_measured_again_only_for_another_side_or_a_changed_map(map_view,
                                                                                   monkeypatch):
    # Issue 9: with "all enemies' zones" on, a click on another party token showed the same
    # zones but measured them again (~150 ms on the stress map).
    from battlemap.ui.map.gestures import overlay_controller

    enc = make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=HERO),
        dict(id="ally", name="Bera", side="party", col=2, row=5, stats=HERO),
        dict(id="brute", name="Brute", side="foe", col=6, row=2, stats=BRUTE),
    ])
    s = make_session(enc)
    view = map_view(s)
    asked: list[str] = []
    real = overlay_controller.threatened
    monkeypatch.setattr(overlay_controller, "threatened",
                        lambda session, tid: (asked.append(tid), real(session, tid))[1])
    overlays = view.controllers["overlays"]
    overlays.set_enabled("threat_all", True)
    view.select_token("hero")
    zones = set(overlays.threat_all.squares)
    assert "brute" in asked and zones  # the brute's reach around (6, 2)
    asked.clear()
    view.select_token("ally")  # same side: the same enemies, nothing measured again
    assert [a for a in asked if a == "brute"] == [] and overlays.threat_all.squares == zones
    view.select_token("brute")  # the other side: the party's zones
    assert "hero" in asked and "ally" in asked
    view.select_token("hero")
    asked.clear()
    s.move("brute", [(7, 2)], gm_override=True)  # the map changed: measured again
    assert "brute" in asked and overlays.threat_all.squares != zones


def breche_duel(a_hp=None):
    from battlemap.rules.breche35.stats import SAMPLE

    plain = {**SAMPLE, "feats": []}
    enc = make_encounter(system="breche35", tokens=[
        dict(id="hero", name="Ana", side="party", col=2, row=2, stats=plain, hp=a_hp),
        dict(id="brute", name="Goule", side="foe", col=3, row=2, stats=plain),
    ])
    return make_session(enc)


def test_panel_names_who_a_shot_provokes_and_asks_on_roll(map_view, qtbot):
    # 000_d623f1b22a06cede.txt, "Attaques d'opportunité": « … tire … » in a threatened square.
    s = breche_duel()
    panel = open_panel(map_view(s), qtbot)
    assert panel.provokes.isHidden()  # the Machette first: a melee attack provokes nothing
    panel.weapon.setCurrentIndex(panel.weapon.findData("Pistolet 9 mm"))
    assert not panel.provokes.isHidden()
    assert panel.provokes.text() == (
        "Provokes opportunity attacks: Goule (ranged attack in a threatened square, "
        "000 \"Attaques d'opportunité\")")
    asked = []
    panel.ask_oa = lambda provokes, names: asked.append([p.by for p in provokes]) or None
    panel.roll_button.click()  # cancelled: nothing rolled
    assert asked == [["brute"]] and panel.outcome is None and not s.can_undo
    panel.ask_oa = lambda provokes, names: {"brute": "resolve"}
    s.dice.force([15, 4])  # Goule's OA: 23 vs CA 17, 1d6 4 + 3 = 7
    panel.dice.setText("2")  # the shot: a natural 2 misses
    panel.roll_button.click()
    assert [e.kind for e in s.log.entries] == ["provoked", "opportunity_attack", "attack"]
    assert s.encounter.token("hero").hp == 35
    assert panel.result_label.text().startswith("Opportunity attack: Goule → Ana: hit")


def test_panel_says_the_attack_does_not_happen_when_the_oa_drops_the_attacker(map_view, qtbot):
    s = breche_duel(a_hp=5)
    panel = open_panel(map_view(s), qtbot)
    panel.weapon.setCurrentIndex(panel.weapon.findData("Pistolet 9 mm"))
    panel.ask_oa = lambda provokes, names: {"brute": "resolve"}
    s.dice.force([15, 4])
    panel.roll_button.click()
    assert "the attack does not happen" in panel.result_label.text()
    assert panel.outcome.result.attacks == [] and s.encounter.token("brute").hp is None


def test_panel_says_in_french_that_the_dropped_tripper_did_not_try(map_view, qtbot):
    # 000_d623f1b22a06cede.txt, "Manœuvres": the trip provokes; Goule's OA (d20 15, 1d6 4 + 3
    # = 7) drops Ana (5 → −2): the panel's note is in the interface's language.
    from battlemap.ui import i18n

    i18n.set_language("fr")
    s = breche_duel(a_hp=5)
    panel = open_panel(map_view(s), qtbot)
    panel.manoeuvre.setCurrentIndex(panel.manoeuvre.findData("trip"))
    panel.ask_oa = lambda provokes, names: {"brute": "resolve"}
    s.dice.force([15, 4])
    panel.roll_button.click()
    text = panel.result_label.text()
    assert "la manœuvre croc-en-jambe : pas tentée, son auteur est hors de combat" in text
    assert "not tried" not in text
    assert s.log.entries[-1].said("fr") == "Ana est hors de combat : la manœuvre croc-en-jambe n'a pas lieu"


def test_result_reads_in_french_with_its_total_against_the_target(map_view, qtbot):
    # Walkthrough: in French the panel's result read "Longsword: 1d20 → (12) = 12 = 17 vs
    # CA 15 → hit, 8 slashing" with "hit" and "slashing" in English: untranslated, and the
    # total next to the bare die read as a second sum. Now as the log words it.
    from battlemap.ui import i18n

    i18n.set_language("fr")
    s = duel()
    view = map_view(s)
    panel = open_panel(view, qtbot)
    panel.dice.setText("12, 5")
    panel.roll_button.click()
    text = panel.result_label.text()
    # 003: d20 12 + Str 3 + proficiency 2 = 17 against AC 15: hit; 1d8 5 + 3 = 8.
    assert "Longsword : 1d20 → (12!) = 12 (17 contre CA 15) → touché, 8 dégâts tranchant" in text
    assert "Brute : 8 dégâts (8 subis), PV 20 → 12" in text
    assert " vs " not in text and "hit" not in text and "slashing" not in text
    # The damage's own dice and what the rules add to them, with the source.
    assert "\n  dégâts : 1d8 → (5!) = 5, Modificateur de Force +3 (" in text


def test_the_panel_follows_the_map_and_closes_when_its_target_leaves(map_view, qtbot):
    # Walkthrough: with the panel open, the GM deleted the target (or undid its arrival):
    # the panel stayed, and Roll raised KeyError in the button's slot. Moves made while it
    # is open were not reflected either.
    s = duel()
    view = map_view(s)
    panel = open_panel(view, qtbot)
    assert "1.5 m" in panel.situation.text()
    s.move("brute", [(4, 2)], oa="skip")  # a square back: out of the sword's reach
    assert "3 m" in panel.situation.text() and not panel.roll_button.isEnabled()
    s.undo()
    assert panel.roll_button.isEnabled()
    s.remove_token("brute")
    assert not panel.isVisible() and view.controllers["attack"].panel is None


def test_each_modifier_says_what_it_applies_to(map_view, qtbot):
    # Walkthrough (breche35 demo): the table listed "Force +3" and "Dextérité +1" side by
    # side, the first the attacker's bonus, the second part of the target's AC, with
    # nothing to tell them apart.
    s = duel()
    view = map_view(s)
    panel = open_panel(view, qtbot)
    applies = {panel.table.item(r, 0).text(): panel.table.item(r, 4).text()
               for r in range(panel.table.rowCount())}
    assert set(applies.values()) <= {"attack", "AC"} and "attack" in applies.values()


def test_open_panel_follows_the_language_and_keeps_the_gm_edits(map_view, qtbot):
    from battlemap.ui import i18n

    s = duel()
    view = map_view(s)
    panel = open_panel(view, qtbot)
    assert panel.roll_button.text() == "Roll"
    panel.add_name.setText("Bless")
    panel.add_value.setValue(2)
    panel.add_button.click()
    first = panel.table.item(0, 0).text()
    panel.table.item(0, 0).setCheckState(Qt.CheckState.Unchecked)
    panel.dice.setText("12, 5")
    try:
        view.set_language("fr")
        assert view.controllers["attack"].panel is panel  # the same panel, in place
        assert panel.windowTitle() == "Attaquer : Aldric → Brute"
        assert panel.roll_button.text() == "Lancer"
        assert panel.add_button.text() == "Ajouter un modificateur"
        assert panel.dice.placeholderText() == "Dés physiques (ex. 17, 6)"
        assert panel.modifiers_title.text() == "<b>Modificateurs</b>"
        assert panel.weapon_label.text() == "Arme"
        assert panel.table.horizontalHeaderItem(4).text() == "S'applique à"
        # The GM's edits stay: the typed dice, the added modifier, the one switched off.
        assert panel.dice.text() == "12, 5"
        assert [m.name for m in panel.extra] == ["Bless"]
        assert first in panel.disabled
        # each row by its modifier's name, whatever language the row is said in
        rows = {panel.table.item(r, 0).data(Qt.ItemDataRole.UserRole): panel.table.item(r, 0).checkState()
                for r in range(panel.table.rowCount())}
        assert rows["Bless"] == Qt.CheckState.Checked
        assert rows[first] == Qt.CheckState.Unchecked
        panel.roll_button.click()
        rolled = panel.result_label.text()
        view.set_language("en")
        assert panel.roll_button.text() == "Roll"
        # The result already rolled is said again in the new language.
        assert "→ touché, 5 dégâts tranchant" in rolled
        assert "→ hit, 5 damage slashing" in panel.result_label.text()
        assert panel.result_label.text().endswith("Brute: 5 damage (5 taken), HP 20 → 15")
    finally:
        i18n.set_language("en")
