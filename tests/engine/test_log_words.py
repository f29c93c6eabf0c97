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
