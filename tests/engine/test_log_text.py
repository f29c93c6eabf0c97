"""The log's detail lines speak the reader's language, damage kinds included."""

from battlemap.engine.log_text import detail_lines


def test_lethal_damage_is_worded_in_french():
    # Walkthrough of the breche35 demo: "dégâts : 1d6+3 → (5) + 3 = 8 → 8 lethal" in French.
    details = {"attacks": [{"label": "Machette", "total": 13, "target_label": "CA 13",
                            "outcome": "hit",
                            "damage": {"roll": {"expr": "1d6+3", "total": 8}, "total": 8,
                                       "kind": "lethal"}}]}
    fr = detail_lines(details, "fr")
    assert fr[1].endswith("→ 8 létaux")
    assert detail_lines(details, "en")[1].endswith("→ 8 lethal")


def test_area_log_names_the_creatures_shape_and_states_in_french():
    # Walkthrough of the dnd2024 crypt: a fireball's log read "Zone sphere (area-1)",
    # "squelette-2 dex: …" and "goule: PV 22 → 0 (dead)" in the French UI (003: a Dex save
    # is a "JS de Dextérité", as the roll is labelled).
    from pathlib import Path

    from battlemap.engine import Session
    from battlemap.io import load_encounter
    from battlemap.model import AreaTemplate

    demo = Path(__file__).resolve().parents[2] / "assets" / "demo" / "dnd2024-crypt.json"
    s = Session(load_encounter(demo), seed=1)
    s.place_area(AreaTemplate(id="boule", shape="sphere", origin=(12, 9), size_m=6))
    # 003: Dex saves DC 15; the goule rolls 11 + 2 = 13, fails, and takes the 8d6 (27): 0 hp.
    s.apply_area("boule", save_ability="dex", dc=15, damage="8d6", damage_kind="fire",
                 forced=(6, 6, 2, 2, 3, 1, 3, 4, 16, 1, 11))
    entry = s.log.entries[-1]
    assert entry.said("fr").startswith("Zone sphère (boule) : ")
    lines = detail_lines(entry.details, "fr")
    assert "Goule JS de Dextérité DD 15 : 1d20 → (11!) = 11 (13 contre DD 15) → raté" in lines
    assert "Goule : PV 22 → 0 (mort)" in lines


def test_the_log_shows_what_damage_adds_and_names_conditions_as_the_system_does():
    # Walkthrough of the adnd2bis demo (French log): "dégâts: 1d8 → (8) = 8 → 13 slashing"
    # left the +5 unexplained, and "Orc 2 : prone", "Orc 2 : stunned" used ids.
    # 001 "Bonus AD&D selon la Force au combat": 18/76 gives +4 damage; the sword is +1.
    from pathlib import Path

    from battlemap.engine import Session
    from battlemap.io import load_encounter

    demo = Path(__file__).resolve().parents[2] / "assets" / "demo" / "adnd2bis-repaire-ogre.json"
    s = Session(load_encounter(demo), seed=3)
    s.set_door(next(i for i, w in enumerate(s.encounter.walls) if w.kind == "door"), True)
    s.move("aldric", [(7, 6), (8, 6), (9, 6), (10, 6), (11, 7)], oa="skip")
    s.attack("aldric", "orc1", forced=[18, 8])
    lines = detail_lines(s.log.entries[-1].details, "fr")
    at = next(i for i, x in enumerate(lines) if x.startswith("  dégâts : 1d8 → (8!) = 8 → 13"))
    assert lines[at].endswith("13 tranchant")
    # the seed cited by the system's name, not by its file
    assert lines[at + 1] == ("    Force 18/76 +4 (dégâts) "
                             "[AD&D 2bis — Bonus AD&D selon la Force au combat]")
    en = detail_lines(s.log.entries[-1].details, "en")
    assert en[at + 1].startswith("    Strength 18/76 +4 (damage) [001_dd346e63a171f715.txt")
    assert lines[at + 2].startswith("    Bonus magique Épée longue +1 +1 (dégâts)")
    s.add_condition("orc2", "prone")
    assert s.log.entries[-1].said("fr") == "Orc 2 : Au sol"
    s.remove_condition("orc2", "prone")
    # Quoted as the turn's end quotes it: "fin de Au sol" read as broken French.
    assert s.log.entries[-1].said("fr") == "Orc 2 : fin de « Au sol »"


def test_a_gm_override_reads_in_french():
    # Walkthrough: a sword swung at a foe out of reach logged "décision du MJ: out of reach".
    assert detail_lines({"override": "out of reach"}, "fr") == ["décision du MJ : hors d'allonge"]
    assert detail_lines({"override": "out of reach"}, "en") == ["GM override: out of reach"]


def test_a_die_left_out_by_advantage_reads_in_words_not_markup():
    # « 2d20kh1 → (~~10~~, 11) » printed its markup raw: the die kept out says « ignoré ».
    from battlemap.rules.core.dice import Dice

    roll = Dice(forced=[10, 11]).roll("2d20kh1").model_dump(mode="json")
    details = {"attacks": [{"label": "Arc", "total": 11, "target_label": "CA 12",
                            "outcome": "miss", "roll": roll}]}
    assert "2d20kh1 → (10! ignoré, 11!) = 11 (11 contre CA 12)" in detail_lines(details, "fr")[0]
    assert "~~" not in detail_lines(details, "en")[0]
    assert "(10! dropped, 11!)" in detail_lines(details, "en")[0]


def test_damage_and_healing_by_hand_name_the_state_in_the_readers_language():
    # « Goule subit 5 dégâts (22 → 17, ok) »: the engine's word for the state, untranslated.
    from battlemap.engine import Session
    from battlemap.model import Encounter, Grid, Token

    enc = Encounter(system="dnd2024", grid=Grid(cols=6, rows=6), tokens=[  # type: ignore[arg-type]
        Token(id="g", name="Goule", side="foe", col=1, row=1, hp=22,
              stats={"max_hp": 22, "ac": 12})])  # type: ignore[arg-type]
    s = Session(enc, seed=1)
    s.damage("g", 5)
    assert s.log.entries[-1].said("fr") == "Goule subit 5 dégâts (22 → 17, debout)"
    assert s.log.entries[-1].said("en") == "Goule takes 5 damage (22 → 17, standing)"
    s.damage("g", 10)
    assert s.log.entries[-1].said("fr") == "Goule subit 10 dégâts (17 → 7, en péril)"
    s.heal("g", 15)
    assert s.log.entries[-1].said("fr") == "Goule récupère 15 PV (7 → 22, debout)"
