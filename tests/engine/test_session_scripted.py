"""A scripted encounter per real system, a few rounds long: a move through an enemy's reach
with its opportunity attack resolved, attacks, an area with saves, a condition that expires,
someone dropping to 0 or below and being healed back. Replayed twice with the same seed it
gives identical logs; undo all gives back the initial file byte for byte; redo all gives the
final state."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import Session
from battlemap.io.encounter_file import encounter_to_json
from battlemap.model import AreaShape, AreaTemplate, Encounter, EncounterOptions, Grid, Token, Wall
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER as ADND_FIGHTER
from battlemap.rules.breche35.stats import SAMPLE as BRECHE_SAMPLE
from battlemap.rules.dnd2024.stats import SAMPLE as DND_SAMPLE
from battlemap.rules.pmt.stats import SAMPLE_FIGHTER as PMT_FIGHTER

# system → (hero stats, save words for the area)
SYSTEMS: dict[str, tuple[dict[str, Any], str]] = {
    "breche35": (BRECHE_SAMPLE, "reflex"),
    "dnd2024": (DND_SAMPLE, "dex"),
    "adnd2bis": (ADND_FIGHTER, "breath"),
    "pmt": (PMT_FIGHTER, "breath"),
}
DOWN = {"ok", "bloodied"}  # states a creature is back to after healing


def _encounter(system: str) -> Encounter:
    hero, _ = SYSTEMS[system]
    # pmt: opportunity attacks are an option, switched on so the script has one (docs/rules/README.md#geometry-by-system).
    opts = EncounterOptions(opportunity_attacks=True) if system == "pmt" else EncounterOptions()
    return Encounter(
        system=system, grid=Grid(cols=12, rows=8), options=opts,
        tokens=[Token(id="hero", name="Héroïne", side="party", col=3, row=2, stats=hero),
                Token(id="mate", name="Compagnon", side="party", col=1, row=5, stats=hero),
                Token(id="brute", name="Brute", side="foe", col=5, row=2, stats=hero),
                Token(id="archer", name="Archer", side="foe", col=9, row=5, stats=hero)],
        walls=[Wall(points=[(7, 0), (7, 3)]), Wall(points=[(7, 3), (7, 4)], kind="door")])


def _script(s: Session) -> None:
    _, save = SYSTEMS[s.system.id]
    s.roll_initiative()
    # Through the brute's reach and out again: leaving it provokes (docs/architecture.md#opportunity-attacks).
    out = s.move("hero", [(4, 3), (3, 4)], oa="resolve", gm_override=True)
    assert [p.by for p in out.provokes] == ["brute"]
    s.move("brute", [(4, 3)], oa="skip", gm_override=True)
    s.attack("brute", "hero", gm_override=True)
    s.attack("hero", "brute", gm_override=True)
    s.add_condition("mate", "prone", rounds=1)
    area = s.place_area(AreaTemplate(shape=AreaShape.SPHERE, origin=(10.0, 6.0), size_m=3.0))
    s.apply_area(area.id, save_ability=save, dc=14, damage="3d6")
    for _ in range(len(s.order) + 1):  # a full round: prone on "mate" expires
        s.next_turn()
    assert not s.token("mate").has_condition("prone")  # expired at the end of its turn
    hp_now = s.combatant("mate").hp or 0
    s.damage("mate", hp_now + 1)  # to −1: down (dying / disabled / unconscious by system)
    assert s.system.hp_state(s.combatant("mate")) not in DOWN
    s.heal("mate", 5)
    assert s.system.hp_state(s.combatant("mate")) in DOWN
    s.next_turn()
    s.next_turn()


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_replay_undo_redo(system: str) -> None:
    runs = []
    for _ in range(2):
        s = Session(_encounter(system), seed=2024)
        start = encounter_to_json(s.encounter)
        _script(s)
        runs.append((s, start, encounter_to_json(s.encounter)))
    (s, start, end), (s2, _, end2) = runs
    assert s.log.to_json() == s2.log.to_json() and end == end2
    kinds = {e.kind for e in s.log.entries}
    assert {"initiative", "move", "opportunity_attack", "attack", "area", "condition", "turn",
            "round", "damage", "heal"} <= kinds
    assert s.log.to_markdown("fr").count("\n- ") == len(s.log)
    while s.undo():
        pass
    assert encounter_to_json(s.encounter) == start
    while s.redo():
        pass
    assert encounter_to_json(s.encounter) == end
