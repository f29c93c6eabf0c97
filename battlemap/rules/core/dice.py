"""Dice with a seeded, injectable RNG, forced values typed by the GM, and a serializable tree.

Notation is parsed and evaluated by the `d20` package; its dice draw from the module-level
`random`, so each roll temporarily points d20 at this session's generator (under a lock),
which makes a whole encounter replay identically from its seed.
"""

from __future__ import annotations

import random
import re
import threading
from collections import deque
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, Field

from battlemap.rules.core.notation import NotationError, describe_roll_error
from battlemap.text import Message, Text, words

_D20_LOCK = threading.Lock()


class ForcedDieError(ValueError):
    """A forced value does not fit the die it was given to."""


class RollNode(BaseModel):
    """One node of a roll: a die face, a set of dice, a number, or an operation."""

    kind: Literal["die", "dice", "number", "op", "group"]
    value: float
    kept: bool = True
    forced: bool = False
    size: int | None = None  # die size for "die" and "dice"
    op: str | None = None  # "+", "-", "*", "/", "kh1"…
    label: str | None = None
    children: list[RollNode] = Field(default_factory=list)


class Roll(BaseModel):
    """A finished roll: its notation, total and full tree, plus a label for the log."""

    expr: str
    total: int
    tree: RollNode
    label: Text = ""  # a message (« JS de Dextérité DD 15 ») or a name (a weapon's)

    def faces(self, size: int | None = None, kept_only: bool = True) -> list[int]:
        out: list[int] = []

        def walk(n: RollNode) -> None:
            if n.kind == "die" and (size is None or n.size == size) and (n.kept or not kept_only):
                out.append(int(n.value))
            for c in n.children:
                walk(c)

        walk(self.tree)
        return out

    @property
    def natural(self) -> int | None:
        """The kept d20 face, for natural 20 / natural 1 rules."""
        f = self.faces(20)
        return f[0] if f else None

    def render(self, lang: str = "en") -> str:
        """The roll as plain text in `lang`: a die a keep or drop left out says so in words
        (« 2d20kh1 → (10 ignoré, 11) = 11 »), not with a markup the log would print raw."""
        body = _render(self.tree, lang)
        return f"{self.expr} → {body} = {self.total}"


def _render(n: RollNode, lang: str) -> str:
    if n.kind == "die":
        txt = str(int(n.value)) + ("!" if n.forced else "")
        return txt if n.kept else words(Message.of("dice.dropped", face=txt), lang)
    if n.kind == "dice":
        return "(" + ", ".join(_render(c, lang) for c in n.children) + ")"
    if n.kind == "number":
        return str(int(n.value)) if float(n.value).is_integer() else str(n.value)
    if n.kind == "op" and len(n.children) == 2:
        return f"{_render(n.children[0], lang)} {n.op} {_render(n.children[1], lang)}"
    if n.kind == "op" and len(n.children) == 1:
        return f"{n.op}{_render(n.children[0], lang)}"
    return "(" + " ".join(_render(c, lang) for c in n.children) + ")"


class _Source:
    """Stands in for the `random` module inside d20 while one roll is evaluated."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.forced_hits: list[bool] = []

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:  # randrange(size) → 0..size-1
            size = start
            value = self.dice._next_face(size)
            self.forced_hits.append(self.dice._last_forced)
            return value - 1
        # d20's percentile die: randrange(0, 100, 10)
        value = self.dice._next_face(10)
        self.forced_hits.append(self.dice._last_forced)
        return (value - 1) * 10


class Dice:
    """The session's dice. `forced` values (typed by the GM from physical dice) are used first,
    in order, whatever the die; then the seeded generator takes over."""

    def __init__(self, seed: int | None = None, forced: Iterable[int] = ()) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.forced: deque[int] = deque(forced)
        self._last_forced = False

    # -- state, for undo/redo and replay ---------------------------------------------------
    def get_state(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {"rng": [version, list(internal), gauss], "forced": list(self.forced)}

    def set_state(self, state: dict[str, Any]) -> None:
        version, internal, gauss = state["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.forced = deque(state["forced"])

    def force(self, values: Iterable[int]) -> None:
        self.forced.extend(int(v) for v in values)

    def _next_face(self, size: int) -> int:
        if self.forced:
            v = self.forced.popleft()
            if not 1 <= v <= size:
                raise ForcedDieError(Message.of("dice.forced_misfit", v=v, size=size))
            self._last_forced = True
            return v
        self._last_forced = False
        return self.rng.randint(1, size)

    # -- rolling --------------------------------------------------------------------------
    def roll(self, expr: str, label: str = "") -> Roll:
        import d20  # imported on first roll: its grammar costs ~0.25 s of cold start
        import d20.expression as d20expr

        source = _Source(self)
        # A roll that fails (bad notation, a forced value too big for its die) leaves the
        # dice as they were, so the GM can correct the value and roll again.
        before = (self.rng.getstate(), list(self.forced))
        with _D20_LOCK:
            saved = d20expr.random
            d20expr.random = source  # type: ignore[assignment]
            try:
                result = d20.roll(expr)
                total = int(result.total)  # d20 divides lazily: "1d8/0" fails only here
            except Exception as exc:
                self.rng.setstate(before[0])
                self.forced = deque(before[1])
                if isinstance(exc, d20.RollError):  # a bad expression: one sentence, no trace
                    raise NotationError(describe_roll_error(expr, exc)) from None
                raise
            finally:
                d20expr.random = saved
        forced_iter = iter(source.forced_hits)
        tree = _convert(result.expr.roll, forced_iter)
        return Roll(expr=expr, total=total, tree=tree, label=label)

    def d(self, size: int, label: str = "") -> Roll:
        return self.roll(f"1d{size}", label)

    def d20(self, mode: str = "normal", label: str = "") -> Roll:
        """A d20, or 2d20 keep highest/lowest for advantage/disadvantage."""
        expr = {"normal": "1d20", "advantage": "2d20kh1", "disadvantage": "2d20kl1"}[mode]
        return self.roll(expr, label)


DICE_TERM = re.compile(r"(\d*)d(\d+)")  # "2d6" → ("2", "6"), "d8" → ("", "8")


class _HighestFaces:
    """Stands in for `random` inside d20 so that every die shows its highest face."""

    @staticmethod
    def randrange(start: int, stop: int | None = None, step: int = 1) -> int:
        return start - 1 if stop is None else stop - step  # d% (0, 100, 10) → 90, i.e. "00"


def max_of(expr: str) -> int:
    """Highest total of a dice expression ('1d8+1' → 9, '4d6kh3' → 18): d20 evaluates it
    with every die on its highest face, so keep/drop and rerolls count as they would. A die
    subtracted ('1d6-1d4') is read at its highest too, and exploding dice have no highest."""
    import d20  # on first use, as for rolls: its grammar costs ~0.25 s to build
    import d20.expression as d20expr

    with _D20_LOCK:
        saved = d20expr.random
        d20expr.random = _HighestFaces  # type: ignore[assignment]
        try:
            return int(d20.roll(expr).total)
        except d20.TooManyRolls:
            raise NotationError(Message.of("notation.explodes", expr=expr)) from None
        except d20.RollError as exc:
            raise NotationError(describe_roll_error(expr, exc)) from None
        finally:
            d20expr.random = saved


def _convert(node: Any, forced: Any) -> RollNode:
    """d20's evaluated expression → our RollNode tree (die faces in rolling order)."""
    import d20.expression as d20expr

    if isinstance(node, d20expr.Expression):
        return _convert(node.roll, forced)
    if isinstance(node, d20expr.Die):
        kids = []
        for lit in node.values:
            kids.append(
                RollNode(kind="die", value=lit.total if lit.kept else lit.values[-1], kept=lit.kept,
                         forced=next(forced, False), size=_size(node.size))
            )
        return kids[-1] if len(kids) == 1 else RollNode(kind="group", value=node.total, children=kids)
    if isinstance(node, d20expr.Dice):
        children = []
        for die in node.values:
            for i, lit in enumerate(die.values):
                children.append(
                    RollNode(kind="die", value=lit.values[-1] if lit.values else lit.total,
                             kept=lit.kept and die.kept and i == len(die.values) - 1,
                             forced=next(forced, False), size=_size(node.size))
                )
        ops = "".join(f"{o.op}{''.join(str(s.num) if s.cat is None else f'{s.cat}{s.num}' for s in o.sels)}"
                      for o in node.operations)
        return RollNode(kind="dice", value=node.total, size=_size(node.size), op=ops or None,
                        children=children)
    if isinstance(node, d20expr.Literal):
        return RollNode(kind="number", value=node.total, kept=node.kept)
    if isinstance(node, d20expr.BinOp):
        return RollNode(kind="op", op=node.op, value=node.total,
                        children=[_convert(node.left, forced), _convert(node.right, forced)])
    if isinstance(node, d20expr.UnOp):
        return RollNode(kind="op", op=node.op, value=node.total, children=[_convert(node.value, forced)])
    if isinstance(node, d20expr.Parenthetical):
        return RollNode(kind="group", value=node.total, children=[_convert(node.value, forced)])
    if isinstance(node, d20expr.Set):
        return RollNode(kind="group", value=node.total, children=[_convert(v, forced) for v in node.values])
    return RollNode(kind="number", value=float(getattr(node, "total", 0)))


def _size(size: Any) -> int:
    return 100 if size == "%" else int(size)
