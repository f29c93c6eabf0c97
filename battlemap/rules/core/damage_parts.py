"""A weapon's damage in parts, each with its own type, the same way in every system: the file's
`extra_damage` entries ({"dice": "2d6", "type": "necrotic"}) after the weapon's own `damage`
and `damage_type`; the rolls of the parts joined into the one roll the log shows; and the
parts a damage of one type is, for the systems' defences (`RuleSystem.damage(parts=…)`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pydantic import BaseModel, ConfigDict, Field

from battlemap.rules.core.combat import DamagePart
from battlemap.rules.core.dice import Roll, RollNode
from battlemap.rules.core.notation import DiceNotation
from battlemap.text import Message

MAX_PARTS = 8  # beyond any stat block; keeps a roll tree readable


class ExtraDamage(BaseModel):
    """One more part of a weapon's damage in a stat block: its dice and its type (a flaming
    sword's {"dice": "1d6", "type": "fire"}). The system's rules say which die a critical
    multiplies and which defence meets the type."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    dice: DiceNotation
    type: str = Field(min_length=1, max_length=30)


def joined(rolls: Sequence[Roll]) -> Roll:
    """The rolls of a blow's parts as one roll for the log ("1d6+2 + 1d6"), its label the
    first's."""
    first = rolls[0]
    if len(rolls) == 1:
        return first
    total = sum(r.total for r in rolls)
    tree = RollNode(kind="op", op="+", value=total, children=[r.tree for r in rolls])
    return Roll(expr=" + ".join(r.expr for r in rolls), total=total, tree=tree,
                label=first.label)


def single_part(amount: int, kind: str, types: set[str] | frozenset[str]) -> list[DamagePart]:
    """Damage that comes as one number with a kind (an area's fire, the GM's damage): one part
    when the kind names a type among `types`; "slashing+silver" is a slashing part that counts
    as silver against a damage reduction. No part for an untyped kind ("lethal")."""
    tags = [k.strip() for k in kind.replace(",", "+").split("+") if k.strip()]
    typed = [t for t in tags if t in types]
    if not typed:
        return []
    return [DamagePart(type=typed[0], rolled=max(0, amount),
                       materials=[t for t in tags if t not in types])]


def type_word(kind: str) -> str:
    """A damage type in words (« nécrotique »), as the catalogues name it; else as written."""
    return Message.or_text(f"word.{kind}", kind)


def taken_whole(parts: Sequence[DamagePart], plain: Collection[str], system: str,
                seed: str) -> tuple[list[DamagePart], list[Message]]:
    """For a system whose text gives no defence by damage type (2bis, pmt): each part taken
    whole, and, when the blow came in several parts or with a type its weapons do not have
    (an area's fire), the one sentence that says the parts only add up, citing its seed."""
    met = [p.model_copy(update={"taken": max(0, p.rolled)}) for p in parts]
    if len(parts) > 1 or any(p.type and p.type not in plain for p in parts):
        return met, [Message.of("damage.no_type_rules", system=system, seed=seed)]
    return met, []
