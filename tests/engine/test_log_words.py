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
    # "squelette-2 dex: …" and "goule: PV 22 → 0 (dead)" in the French UI.
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
    assert entry.summary_fr.startswith("Zone sphère (boule) : ")
    lines = detail_lines(entry.details, "fr")
    assert "Goule dex: 1d20 → (11!) = 11 (13 contre DD 15) → raté" in lines
    assert "Goule: PV 22 → 0 (mort)" in lines
