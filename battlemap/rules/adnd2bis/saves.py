"""Saving throws (d20 ≥ the creature's number per AD&D category) and ability checks vs a DC,
with the conditions that make them fail or penalise them."""

from __future__ import annotations

from battlemap.rules.adnd2bis.checks import ABILITIES, ability_check
from battlemap.rules.adnd2bis.conditions import roll_penalties
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import adnd_bonus, src
from battlemap.rules.core.combat import Combatant, SaveRequest, SaveResult
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier, Stacking, stack

CATEGORIES = {"paralyzation": "Paralysie/poison/mort", "rod": "Baguettes",
              "petrification": "Pétrification", "breath": "Souffle", "spell": "Sorts",
              "mental": "Sorts mentaux"}


def resolve_save(req: SaveRequest, dice: Dice, opts: Adnd2bisOptions) -> SaveResult:
    c = req.token
    s = c.stats if isinstance(c.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        c.stats or {})
    if req.ability in ABILITIES:
        chk = ability_check(c, s, req.ability, dice, dc=req.dc, extra=req.extra)
        return SaveResult(token=c.id, ability=req.ability, roll=chk.roll, advantage=chk.advantage,
                          modifiers=chk.modifiers, total=chk.total, dc=req.dc,
                          success=bool(chk.success), natural=chk.roll.natural)
    if req.ability not in CATEGORIES:
        known = ", ".join(list(CATEGORIES) + list(ABILITIES))
        raise ValueError(f"'{req.ability}' is not a 2bis save (use {known})")
    mental = req.ability == "mental"
    number = getattr(s.saves, "spell" if mental else req.ability)
    mods, adv = roll_penalties(c, "save")
    if mental:
        mods = [m for m in mods if m.name != "Case partagée"]  # only non-mental rolls
        maa = adnd_bonus(s.wisdom)
        if maa:
            mods.append(Modifier(name="Sagesse (M.A.A.)", value=maa, applies_to="save",
                                 source=src("Bonus AD&D selon abilité (sauf Force > 15 en combat)")))
    if c.has("grappled"):
        mods.append(Modifier(name="Attrapé", value=-2, applies_to="save",
                             source=src("Grappled (Attrapé)")))
    mods += req.extra
    st = stack(mods, Stacking.ALL)
    roll = dice.d20(adv.mode, label=f"JS {CATEGORIES[req.ability]}")
    total = (roll.natural or 0) + st.total
    notes: list[str] = []
    auto_fail = _auto_fail(c, mental)
    if auto_fail:
        notes.append(f"rate automatiquement : {auto_fail}")
    return SaveResult(token=c.id, ability=req.ability, roll=roll, advantage=adv.mode,
                      advantage_why=adv.explain(), modifiers=st.applied, dropped=st.dropped,
                      total=total, dc=number, success=not auto_fail and total >= number,
                      natural=roll.natural, notes=notes)


def _auto_fail(c: Combatant, mental: bool) -> str:
    if c.has("unconscious"):
        return "inconscient (tous les JS)"
    if c.has("stunned"):
        return "étourdi (tous les JS)"
    if c.has("paralyzed") and not mental:
        return "paralysé (JS non mentaux)"
    return ""
