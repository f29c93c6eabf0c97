"""Saving throws (B/X: d20 ≥ the number of the category) and the arcane spell failure roll."""

from __future__ import annotations

from pydantic import BaseModel

from battlemap.rules.core.combat import SaveRequest, SaveResult
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.modifiers import Stacking, stack
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats
from battlemap.rules.pmt.tables import src
from battlemap.rules.pmt.words import note
from battlemap.text import Message, Text

CATEGORIES = {"death": "Mort/Poison", "wands": "Baguettes", "paralysis": "Paralysie",
              "breath": "Souffle", "spells": "Sorts"}


def resolve_save(req: SaveRequest, dice: Dice, opts: PmtOptions) -> SaveResult:
    c = req.token
    s = c.stats if isinstance(c.stats, PmtStats) else PmtStats.model_validate(c.stats or {})
    if req.ability in CATEGORIES:
        number = getattr(s.saves, req.ability)
    elif req.ability == "dc":
        number = req.dc  # a number given by the GM
    else:
        raise ValueError(Message.of("save.unknown", name=req.ability, known=Message.of(
            "text.commas", parts=[*CATEGORIES, "dc"])))
    st = stack(req.extra, Stacking.ALL)
    roll = dice.d20(label=note("save_roll", category=note(f"save_{req.ability}")
                               if req.ability in CATEGORIES else req.ability))
    total = (roll.natural or 0) + st.total
    notes = [note("unconscious_fails")] if c.has("unconscious") else []
    return SaveResult(token=c.id, ability=req.ability, roll=roll, modifiers=st.applied,
                      dropped=st.dropped, total=total, dc=number,
                      success=not notes and total >= number, natural=roll.natural, notes=notes)


class SpellFailure(BaseModel):
    roll: Roll | None = None
    penalty: int
    failed: bool
    note: Text


def spell_failure(s: PmtStats, dice: Dice, opts: PmtOptions) -> SpellFailure:
    """d100 ≤ the armour penalty: the spell fails (arcane casters only)."""
    section = src("Le port d'une armure gêne la gestuelle")
    if not (opts.spell_failure and s.arcane_caster and s.armour_penalty):
        return SpellFailure(penalty=s.armour_penalty, failed=False, note=note("no_risk", src=section))
    roll = dice.d(100, label=note("spell_failure_roll"))
    failed = roll.total <= s.armour_penalty
    return SpellFailure(roll=roll, penalty=s.armour_penalty, failed=failed,
                        note=note("spell_fails" if failed else "spell_goes", roll=roll.total,
                                  penalty=s.armour_penalty, src=section))
