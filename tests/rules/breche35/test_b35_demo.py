"""The breche35 demo encounter loads, and every stat block in it adds up (000_d623f1b22a06cede
.txt, "Classe d'armure": 10 + armour + shield + Dex + size + natural + dodge)."""

from __future__ import annotations

from pathlib import Path

from b35_helpers import attack

from battlemap.io import load_encounter
from battlemap.model import Size
from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.defense import base_parts
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.system import get_system

DEMO = Path(__file__).resolve().parents[3] / "assets" / "demo" / "breche35-entrepot-pigalle.json"


def combatants() -> list[Combatant]:
    enc = load_encounter(DEMO)
    system = get_system(enc.system)
    return [Combatant(id=t.id, name=t.name, side=t.side, size=t.size, hp=t.hp,
                      stats=system.stats_model.model_validate(t.stats or {}))
            for t in enc.tokens]


def test_demo_loads_with_a_party_foes_walls_door_window_and_terrain() -> None:
    enc = load_encounter(DEMO)
    assert enc.system == "breche35"
    sides = [t.side for t in enc.tokens]
    assert 3 <= sides.count("party") <= 4 and 3 <= sides.count("foe") <= 5
    assert any(t.size is Size.LARGE for t in enc.tokens)
    kinds = {w.kind.value for w in enc.walls}
    assert {"wall", "door", "window"} <= kinds
    assert enc.difficult_squares()
    SYSTEM.options_model.model_validate(enc.options.rules)


def test_every_stat_block_is_consistent() -> None:
    for c in combatants():
        parts = {m.name: m.value for m in base_parts(c)}
        assert "Autres (bloc de stats)" not in parts, (c.id, parts)
        assert c.hp == c.stats.max_hp


def test_the_ogre_reaches_3_m_and_hits_hard() -> None:
    by_id = {c.id: c for c in combatants()}
    ogre = by_id["ogre"]
    assert SYSTEM.default_reach_m(ogre.size, ogre.stats) == 3.0  # G tall: 3 m
    # Massue 2d8, two-handed: Str 21 (+5) × 1.5 = +7; attack BBA 3 + 5 − 1 (G) = +7.
    a = attack(ogre, by_id["mara"], [12, 3, 6]).attacks[0]
    assert (a.total, a.target_number, a.outcome) == (19, 17, "hit")
    assert a.damage is not None and a.damage.total == 3 + 6 + 7
