"""Where an attack's result is told, the damage rolled and the damage taken are both said,
with the hit points before and after: the panel said 9 damage while the log said 3 (the
2024 skeleton at 3 HP stops at 0)."""

from __future__ import annotations

from tests.helpers.engine import skeleton_at_3_hp


def test_the_log_says_the_damage_rolled_and_taken_with_the_hp() -> None:
    s = skeleton_at_3_hp()
    out = s.attack("guerriere", "squelette-1", weapon="Épée longue", forced=[15, 6])
    assert out.result.total_damage == 9  # 6 on the d8, Strength +3
    assert out.damage_taken == 3
    entry = s.log.entries[-1]
    assert entry.said("fr").endswith("touché, 9 dégâts (3 subis), PV 3 → 0")
    assert entry.said("en").endswith("hit, 9 damage (3 taken), HP 3 → 0")
    assert out.dealt == "9 damage (3 taken), HP 3 → 0"


def test_a_miss_tells_no_damage() -> None:
    s = skeleton_at_3_hp()
    out = s.attack("guerriere", "squelette-1", weapon="Épée longue", forced=[2, 6])
    assert out.dealt == "" and out.damage_taken == 0
    assert "damage" not in s.log.entries[-1].said("en")
