"""Checking a dice expression before anything is rolled, with the roller's own grammar.

A stat block's damage ("1d8+1") is read when a file loads, but rolled only when someone
attacks: a typo must be refused at load, not crash the attack. Anything but the everyday
`NdS`, `NdS±K` or `K` is parsed by d20 itself (the parser `Dice.roll` uses), so what loads
is what rolls; the everyday shapes skip it because building d20's grammar costs ~0.25 s and
opening an encounter must not pay it (tests/ui/startup/test_start_fast_contracts.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Annotated, Any

from pydantic import AfterValidator, Field, ValidationInfo

from battlemap.text import Message

# d20 refuses an expression that rolls more than 1,000 dice; a 3.5 critical rolls a weapon's
# dice up to ×6 (crit_mult ≤ 6), so 100 leaves room for the multiplier and for rerolls.
MAX_DICE = 100
MAX_SIDES = 1000  # d1000: beyond any table game's die, and a roll tree stays readable

# A strict subset of d20's grammar: "d8", "2d6", "1d8+1", "2d4 - 1", "3".
_EVERYDAY = re.compile(r"(?:(\d{0,9})d(\d{1,9})(?:\s*[+-]\s*\d{1,9})?|\d{1,9})")


class NotationError(ValueError):
    """A dice expression that cannot be rolled; `str(err)` is a sentence fragment, its first
    argument the message."""


def check_notation(expr: str) -> str:
    """`expr` unchanged if it rolls within MAX_DICE dice of at most MAX_SIDES sides, else a
    NotationError saying why ('1d8+' is not dice notation (it ends too early))."""
    m = _EVERYDAY.fullmatch(expr)
    if m is not None:
        dice = [] if m.group(2) is None else [(int(m.group(1) or 1), int(m.group(2)))]
    else:
        dice = list(_parsed_dice(expr))
    count = sum(n for n, _ in dice)
    if count > MAX_DICE:
        raise NotationError(Message.of("notation.count", expr=expr, count=count, limit=MAX_DICE))
    for _, sides in dice:
        if not 1 <= sides <= MAX_SIDES:
            raise NotationError(Message.of("notation.sides", expr=expr, sides=sides,
                                            limit=MAX_SIDES))
    return expr


def describe_roll_error(expr: str, exc: Exception) -> Message:
    """d20's error about `expr` as a sentence fragment (its own text names grammar tokens)."""
    from d20.errors import RollSyntaxError, TooManyRolls

    if isinstance(exc, RollSyntaxError):
        got = str(exc.got).strip() if exc.got is not None else ""
        if not got:
            return Message.of("notation.ends_early", expr=expr)
        return Message.of("notation.unexpected", expr=expr, got=got[:12], col=exc.col)
    if isinstance(exc, TooManyRolls):
        return Message.of("notation.too_many", expr=expr)
    why = str(exc).rstrip(".")  # d20's own reason stays as the dice library words it
    return Message.of("notation.cannot_roll", expr=expr, why=why[:1].lower() + why[1:])


def _parsed_dice(expr: str) -> Iterator[tuple[int, int]]:
    """(count, sides) of every die term in `expr`, as d20 parses it."""
    import d20  # only for unusual expressions: see the module's docstring
    from d20.diceast import BinOp, UnOp
    from d20.diceast import Dice as DiceTerm
    from d20.errors import RollError

    try:
        tree = d20.parse(expr)
    except RollError as exc:
        raise NotationError(describe_roll_error(expr, exc)) from None
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, DiceTerm):
            yield int(node.num), 100 if node.size == "%" else int(node.size)
        elif isinstance(node, BinOp) and isinstance(node.right, UnOp):
            # d20 reads "2d6++1" as 2d6 + (+1): valid, but a sign doubled by a typo.
            raise NotationError(Message.of("notation.two_signs", expr=expr,
                                            signs=f"{node.op}{node.right.op}"))
        todo.extend(node.children)


def _check_field(expr: str, info: ValidationInfo) -> str:
    """check_notation for a stats field, naming the weapon when the model has one."""
    try:
        return check_notation(expr)
    except NotationError as err:
        name: Any = info.data.get("name") if info.data else None
        raise ValueError(Message.of("notation.weapon", name=name, rest=err.args[0])
                         if name else err.args[0]) from None


# A dice expression in a stat block: checked when the file loads (see the module docstring).
DiceNotation = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_check_field)]
