"""Initiative, highest first: individual d6 + DEX modifier, or (option) one d6 per side each
round. The seed is silent; both are the B/X rules PMT follows."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.rules.core.combat import Combatant, InitiativeEntry
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.core.waiting import WaitRule
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats
from battlemap.rules.pmt.tables import SEED
from battlemap.rules.pmt.words import named, note
from battlemap.text import Message

SOURCE = note("src_initiative")  # B/X: the seed is silent


def initiative(combatants: Sequence[Combatant], dice: Dice, opts: PmtOptions,
               round_number: int = 1) -> list[InitiativeEntry]:
    entries: list[tuple[InitiativeEntry, int]] = []
    sides: dict[str, Roll] = {}
    for order, c in enumerate(combatants):
        if opts.side_initiative:
            if c.side not in sides:
                sides[c.side] = dice.d(6, label=note("side_initiative", side=c.side))
            roll = sides[c.side]
            e = InitiativeEntry(token=c.id, roll=roll, score=roll.total, group=c.side)
        else:
            s = c.stats if isinstance(c.stats, PmtStats) else PmtStats.model_validate(
                c.stats or {})
            roll = dice.d(6, label=note("initiative_of", name=c.name))
            mods = [Modifier(name=named("dex_mod"), value=s.dex_mod, applies_to="initiative",
                             source=SOURCE)] if s.dex_mod else []
            e = InitiativeEntry(token=c.id, roll=roll, modifiers=mods,
                                score=roll.total + s.dex_mod)
        entries.append((e, order))
    entries.sort(key=lambda x: (-x[0].score, x[1]))
    return [e for e, _ in entries]


# 004 has no initiative section at all (the B/X d6 above is the default where it is silent),
# and no delayed or held turn: each creature acts in its place.
WAITING = WaitRule(kind="", source=SEED,
                   missing=Message.of("turn.no_wait", system="PMT", seed=SEED))
