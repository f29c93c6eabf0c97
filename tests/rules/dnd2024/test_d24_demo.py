"""The default demo encounter (assets/demo/dnd2024-crypt.json) loads and fits the system."""

from __future__ import annotations

from pathlib import Path

from battlemap.io import load_encounter
from battlemap.model import Size, WallKind
from battlemap.rules.core.combat import AttackRequest, Combatant, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024 import SYSTEM

DEMO = Path(__file__).resolve().parents[3] / "assets" / "demo" / "dnd2024-crypt.json"


def test_demo_crypt_is_a_valid_dnd2024_encounter():
    enc = load_encounter(DEMO)
    assert enc.system == "dnd2024"
    SYSTEM.options_model.model_validate(enc.options.rules)
    party = [t for t in enc.tokens if t.side == "party"]
    foes = [t for t in enc.tokens if t.side == "foe"]
    assert len(party) == 4 and 3 <= len(foes) <= 5
    assert any(t.size is Size.LARGE for t in foes)
    kinds = {w.kind for w in enc.walls}
    assert {WallKind.WALL, WallKind.DOOR, WallKind.WINDOW} <= kinds
    assert enc.difficult_squares()
    for t in enc.tokens:
        stats = SYSTEM.stats_model.model_validate(t.stats)
        assert t.hp == stats.max_hp, t.id


def test_demo_tokens_can_fight():
    # The ogre's greatclub: d20 12 + Str 4 + proficiency 2 = 18 vs the fighter's AC 18 → hit,
    # 2d8 (3, 5) + 4 = 12.
    enc = load_encounter(DEMO)

    def as_combatant(tid: str) -> Combatant:
        t = enc.token(tid)
        return Combatant(id=t.id, name=t.name, side=t.side, size=t.size, hp=t.hp,
                         stats=SYSTEM.stats_model.model_validate(t.stats))

    req = AttackRequest(attacker=as_combatant("ogre"), target=as_combatant("guerriere"),
                        situation=Situation())
    a = SYSTEM.resolve_attack(req, Dice(forced=[12, 3, 5]), None).attacks[0]
    assert (a.total, a.target_number, a.outcome, a.damage.total) == (18, 18, "hit", 12)
