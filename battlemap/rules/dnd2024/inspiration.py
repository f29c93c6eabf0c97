"""Heroic Inspiration (003 "Inspiration héroïque"): reroll any one die just rolled and keep
the new result. The old face stays in the tree, dropped and labelled, and the totals (and
which d20 an advantage roll keeps) are worked out again."""

from __future__ import annotations

from battlemap.rules.core.dice import Dice, Roll, RollNode
from battlemap.rules.dnd2024.words import note

REROLLED = "relancé (Inspiration héroïque)"


class NoSuchDie(IndexError):
    pass


def live_dice(roll: Roll) -> list[RollNode]:
    """The dice that may still be rerolled, in rolling order."""
    out: list[RollNode] = []

    def walk(n: RollNode) -> None:
        if n.kind == "die" and n.label != REROLLED:
            out.append(n)
        for c in n.children:
            walk(c)

    walk(roll.tree)
    return out


def heroic_reroll(roll: Roll, die_index: int, dice: Dice) -> Roll:
    """A new Roll where die number `die_index` (0-based, see `live_dice`) is rolled again."""
    new = roll.model_copy(deep=True)
    targets = live_dice(new)
    if not 0 <= die_index < len(targets):
        raise NoSuchDie(note("no_such_die", n=die_index + 1, count=len(targets)))
    old = targets[die_index]
    size = old.size or 20
    fresh = dice.d(size, label=REROLLED).tree
    face = fresh if fresh.kind == "die" else fresh.children[0]
    fresh_die = face.model_copy(update={"kept": True})
    if new.tree is old:  # a bare die at the top: give it a parent to hold both faces
        new.tree = RollNode(kind="group", value=old.value, children=[old])
    _replace(new.tree, old, fresh_die)
    new.total = int(_evaluate(new.tree))
    new.label = (roll.label + " — " if roll.label else "") + REROLLED
    return new


def _replace(parent: RollNode, old: RollNode, fresh: RollNode) -> bool:
    for i, child in enumerate(parent.children):
        if child is old:
            dropped = old.model_copy(update={"kept": False, "label": REROLLED})
            parent.children[i:i + 1] = [dropped, fresh]
            return True
        if _replace(child, old, fresh):
            return True
    return False


def _evaluate(n: RollNode) -> float:
    if n.kind == "dice":
        live = [c for c in n.children if c.label != REROLLED]
        _keep(live, n.op or "")
        n.value = sum(c.value for c in live if c.kept)
    elif n.kind == "op" and len(n.children) == 2:
        a, b = (_evaluate(c) for c in n.children)
        n.value = {"+": a + b, "-": a - b, "*": a * b}.get(n.op or "", a // b if b else 0)
    elif n.kind == "op" and n.children:
        v = _evaluate(n.children[0])
        n.value = -v if n.op == "-" else v
    elif n.kind == "group":
        n.value = sum(_evaluate(c) for c in n.children if c.label != REROLLED)
    return n.value


def _keep(dice: list[RollNode], op: str) -> None:
    """Re-apply 'kh<n>' / 'kl<n>' (advantage, 4d6kh3); other dice keep their flags."""
    if op[:2] not in ("kh", "kl") or not op[2:].isdigit():
        return
    count = int(op[2:])
    ranked = sorted(range(len(dice)), key=lambda i: dice[i].value, reverse=op[:2] == "kh")
    keep = set(ranked[:count])
    for i, d in enumerate(dice):
        d.kept = i in keep
