"""Saving throws (d20 ≥ the creature's number per AD&D category) and ability saves vs a DC,
with the conditions that make them fail or penalise them."""

from __future__ import annotations

from battlemap.rules.adnd2bis.checks import ABILITIES, MENTAL, ability_check
from battlemap.rules.adnd2bis.conditions import roll_penalties
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import adnd_bonus, src
from battlemap.rules.adnd2bis.words import named, note
from battlemap.rules.core.combat import Combatant, SaveRequest, SaveResult
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier, Stacking, stack
from battlemap.text import Message

CATEGORIES = {"paralyzation": "Paralysie/poison/mort", "rod": "Baguettes",
              "petrification": "Pétrification", "breath": "Souffle", "spell": "Sorts",
              "mental": "Sorts mentaux"}


def resolve_save(req: SaveRequest, dice: Dice, opts: Adnd2bisOptions) -> SaveResult:
    c = req.token
    s = c.stats if isinstance(c.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        c.stats or {})
    if req.ability in ABILITIES:
        return _ability_save(req, s, dice)
    if req.ability not in CATEGORIES:
        raise ValueError(Message.of("save.unknown", name=req.ability, known=Message.of(
            "text.commas", parts=list(CATEGORIES) + list(ABILITIES))))
    mental = req.ability == "mental"
    number = getattr(s.saves, "spell" if mental else req.ability)
    mods, adv = roll_penalties(c, "save")
    if mental:
        mods = [m for m in mods if m.name != named("shared_square")]  # only non-mental rolls
        maa = adnd_bonus(s.wisdom)
        if maa:
            mods.append(Modifier(name=named("wisdom_maa"), value=maa, applies_to="save",
                                 source=src("Bonus AD&D selon abilité (sauf Force > 15 en combat)")))
    mods += _grappled(c) + req.extra
    st = stack(mods, Stacking.ALL)
    roll = dice.d20(adv.mode, label=note("save_roll", category=note(f"save_{req.ability}")))
    total = (roll.natural or 0) + st.total
    auto_fail = _auto_fail(c, mental)
    return SaveResult(token=c.id, ability=req.ability, roll=roll, advantage=adv.mode,
                      advantage_why=adv.explain(),
                      modifiers=st.applied, dropped=st.dropped,
                      total=total, dc=number, success=not auto_fail and total >= number,
                      natural=roll.natural, notes=_fail_notes(auto_fail))


def _ability_save(req: SaveRequest, s: Adnd2bisStats, dice: Dice) -> SaveResult:
    """A save the GM asks on an ability ("JS de DEX" vs a DC): rolled as an ability check, yet
    still a saving throw, so the conditions that touch saves apply as to the categories
    (001 "Stunned", "Paralyzed", "Unconscious", "Grappled")."""
    c = req.token
    chk = ability_check(c, s, req.ability, dice, dc=req.dc, extra=_grappled(c) + req.extra)
    auto_fail = _auto_fail(c, req.ability in MENTAL)
    return SaveResult(token=c.id, ability=req.ability, roll=chk.roll, advantage=chk.advantage,
                      modifiers=chk.modifiers, total=chk.total, dc=req.dc,
                      success=bool(chk.success) and not auto_fail, natural=chk.roll.natural,
                      notes=_fail_notes(auto_fail))


def _grappled(c: Combatant) -> list[Modifier]:
    """001 "Grappled (Attrapé)": "– 2 penalty to ST & AC"."""
    return [Modifier(name=named("grappled"), value=-2, applies_to="save",
                     source=src("Grappled (Attrapé)"))] if c.has("grappled") else []


def _fail_notes(auto_fail: str) -> list[str]:
    return [note("fails_auto", why=auto_fail)] if auto_fail else []


def _auto_fail(c: Combatant, mental: bool) -> str:
    """Why the save fails whatever the die, with the section that says so, or ""."""
    if c.has("unconscious"):  # "automatically fails all saving throws"
        return note("unconscious_saves", src=src('Unconscious (Inconscient)'))
    if c.has("stunned"):  # "automatically fails saving throws"
        return note("stunned_saves", src=src('Stunned / Dazed (Etourdi)'))
    if c.has("paralyzed") and not mental:  # "automatically fails non mental saving throws"
        return note("paralyzed_saves", src=src('Paralyzed (Paralysé)'))
    return ""
