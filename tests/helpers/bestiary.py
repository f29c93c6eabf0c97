"""The bundled stat blocks (battlemap/assets/statblocks/) by name, and a bare duel between two
of them: the numbers a block gives an attack, read from what the Session rolls."""

from __future__ import annotations

from typing import Any

from battlemap.engine import Session
from battlemap.model import Size
from battlemap.ui.dialogs.bestiary import load_bestiary, new_token
from tests.helpers.engine import encounter


def bundled(system: str, name: str) -> dict[str, Any]:
    found = [e for e in load_bestiary(system) if e["name"] == name]
    assert len(found) == 1, f"{system} bundles one « {name} »"
    return found[0]


def duel(system: str, attacker: str, target: str, apart: int = 0) -> tuple[Session, str, str]:
    """An open room with the two bundled creatures side by side (or `apart` squares between
    them), as Add token places them, the attacker on the party's side: (session, attacker id,
    target id)."""
    s = Session(encounter([], system=system, cols=12, rows=8), seed=1)
    ids = []
    for name, side, near in ((attacker, "party", (0, 0)), (target, "foe", None)):
        if near is None:  # just right of the attacker's space
            near = (int(Size(bundled(system, attacker)["size"]).squares or 1) + apart, 0)
        token = new_token(s.encounter, bundled(system, name), name, side, near=near)
        ids.append(s.add_token(token).id)
    return s, ids[0], ids[1]


def strike(s: Session, attacker: str, target: str, weapon: str, dice: int,
           d20: int = 17) -> tuple[int, int]:
    """(attack bonus, damage modifier) of one attack with `weapon`: the d20 forced to `d20` (a
    hit that threatens no critical) and each of the weapon's `dice` damage dice to 1."""
    out = s.attack(attacker, target, weapon=weapon, forced=[d20] + [1] * dice)
    one = out.result.attacks[0]
    assert one.outcome == "hit" and one.damage is not None, one.outcome
    return one.total - d20, one.damage.total - dice
