"""Grapple (grab, pin, escape, damage) and the coup de grâce (000 "Manœuvres")."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.breche35.conditions import HELPLESS
from battlemap.rules.breche35.damage import defend, roll_damage
from battlemap.rules.breche35.effects import stats_of
from battlemap.rules.breche35.opposed import MANOEUVRES, grapple_mods, melee_touch, opposed
from battlemap.rules.breche35.saves import resolve_save
from battlemap.rules.breche35.stats import Weapon
from battlemap.rules.breche35.words import manoeuvre_word, note
from battlemap.rules.core.combat import ManoeuvreRequest, ManoeuvreResult, SaveRequest
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.gm_edits import gm_added

GRAPPLE_ACTIONS = ("start", "pin", "escape", "damage")


def grapple(req: ManoeuvreRequest, dice: Dice) -> ManoeuvreResult:
    """options["action"]: "start" (touch attack then opposed grapple checks), "pin", "escape"
    (the attacker breaks free of the target) or "damage" (unarmed, nonlethal)."""
    a, t = req.attacker, req.target
    action = req.options.get("action", "start")
    if action not in GRAPPLE_ACTIONS:
        raise ValueError(f"unknown grapple action '{action}' ({', '.join(GRAPPLE_ACTIONS)})")
    res = ManoeuvreResult(name="grapple", success=False)
    if action == "start":
        touch = melee_touch(a, t, req.situation, dice, manoeuvre_word("grapple"))
        res.rolls.append(touch.roll)
        res.modifiers += touch.modifiers
        res.dropped += touch.dropped
        res.sides.append(touch.side)
        if not touch.hit:
            res.notes.append(note("touch_missed", total=touch.total, ac=touch.ac))
            return res
    # The GM's edits from the attack panel (core/gm_edits.py): additions on the author's side.
    o = opposed(dice, grapple_mods(a) + gm_added(req.situation, "check"), grapple_mods(t),
                manoeuvre_word("grapple"), (a.name, t.name), req.situation.disabled)
    res.rolls += o.rolls
    res.modifiers += o.modifiers
    res.dropped += o.dropped
    res.sides += o.sides
    res.success = o.first_wins
    res.notes.append(note("grapple_check", a=o.first_total, b=o.second_total))
    if not o.first_wins:
        return res
    if action == "start":
        res.effects.append(note("grappling", a=a.name, t=t.name))
        # Each side records its partner: its Dex loss counts only « contre les autres ».
        res.conditions_added = {a.id: [Condition(name="grappling", source=t.id)],
                                t.id: [Condition(name="grappling", source=a.id)]}
    elif action == "pin":
        res.effects.append(note("pinned", t=t.name))
        res.conditions_added = {t.id: [Condition(name="pinned", source=a.id)]}
    elif action == "escape":
        res.effects.append(note("breaks_free", a=a.name))
        res.conditions_removed = {a.id: ["grappling", "pinned"], t.id: ["grappling"]}
    else:
        fist = Weapon(name="Mains nues", damage="1d3", nonlethal=True)
        res.damage = roll_damage(a, t, fist, dice)
        res.effects.append(note("nonlethal", t=t.name, n=res.damage.total))
    return res


def coup_de_grace(req: ManoeuvreRequest, dice: Dice, save_for_death: bool) -> ManoeuvreResult:
    """Full-round action against a helpless target: an automatic critical, then a Fortitude
    save DC 10 + damage or death."""
    a, t = req.attacker, req.target
    if not any(t.has(c) for c in HELPLESS):
        return ManoeuvreResult(name="coup_de_grace", success=False,
                               notes=[note("not_helpless", t=t.name)])
    w = stats_of(a).weapon(req.options.get("weapon"))
    dmg = roll_damage(a, t, w, dice, w.crit_mult)
    # The save is against the damage dealt: what the target's DR and resistances let through.
    dealt = sum(p.taken or 0 for p in defend(t, dmg.parts))
    res = ManoeuvreResult(name="coup_de_grace", success=True, damage=dmg,
                          rolls=[dmg.roll] if dmg.roll else [],
                          effects=[note("auto_crit", n=dealt)])
    if not save_for_death or t.has("dead"):
        return res
    dc = 10 + dealt
    save = resolve_save(SaveRequest(token=t, ability="fortitude", dc=dc), dice)
    res.rolls.append(save.roll)
    res.modifiers += save.modifiers
    res.notes.append(note("fortitude_vs", total=save.total, dc=dc))
    if not save.success:
        res.effects.append(note("dies", t=t.name))
        res.conditions_added[t.id] = [Condition(name="dead", source=MANOEUVRES)]
    return res
