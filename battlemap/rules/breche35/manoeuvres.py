"""Bull rush, trip, disarm and overrun (000 "Manœuvres"). Each provokes an attack of
opportunity first: the engine asks for it before calling here."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.breche35.attack_mods import opposed_attack_modifiers
from battlemap.rules.breche35.effects import stats_of
from battlemap.rules.breche35.opposed import (
    MANOEUVRES,
    Opposed,
    ability_check,
    best_of_str_dex,
    melee_touch,
    opposed,
    size_special,
)
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.stats import Weapon
from battlemap.rules.breche35.words import manoeuvre_word, named, note
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest, ManoeuvreResult
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.gm_edits import gm_added
from battlemap.rules.core.modifiers import Modifier


def _prone() -> list[Condition]:
    return [Condition(name="prone", source=MANOEUVRES)]


def _opposed(req: ManoeuvreRequest, dice: Dice, mine: list[Modifier], theirs: list[Modifier],
             what: str, on_roll: str = "check") -> Opposed:
    """The author's opposed roll, with the GM's edits from the attack panel
    (core/gm_edits.py): additions on the author's side, switched-off names on both."""
    sit = req.situation
    return opposed(dice, mine + gm_added(sit, on_roll), theirs, what,
                   (req.attacker.name, req.target.name), sit.disabled)


def bull_rush(req: ManoeuvreRequest, dice: Dice) -> ManoeuvreResult:
    """Opposed Strength with size; pushed 1.5 m + 1.5 m per 5 points of margin."""
    a, t = req.attacker, req.target
    mine = ability_check(a, "strength") + [size_special(a, named("size"))]
    if req.situation.charging:
        mine.append(Modifier(name=named("charge"), value=2, source=MANOEUVRES, applies_to="check"))
    theirs = ability_check(t, "strength") + [size_special(t, named("size"))]
    o = _opposed(req, dice, mine, theirs, manoeuvre_word("bull_rush"))
    res = ManoeuvreResult(name="bull_rush", success=o.first_wins, rolls=o.rolls,
                          modifiers=o.modifiers, dropped=o.dropped, sides=o.sides)
    if o.first_wins:
        res.push_m = 1.5 + 1.5 * (max(0, o.margin) // 5)
        res.effects.append(note("pushed", t=t.name, m=float(res.push_m)))
    else:
        res.effects.append(note("falls_back", a=a.name))
    res.notes.append(note("strength_vs", a=o.first_total, b=o.second_total))
    return res


def trip(req: ManoeuvreRequest, dice: Dice, opts: Breche35Options) -> ManoeuvreResult:
    """Melee touch attack, then Str against the better of Str/Dex; a failure lets the target
    try to trip back."""
    a, t = req.attacker, req.target
    touch = melee_touch(a, t, req.situation, dice, manoeuvre_word("trip"))
    res = ManoeuvreResult(name="trip", success=False, rolls=[touch.roll],
                          modifiers=touch.modifiers, dropped=touch.dropped, sides=[touch.side])
    if not touch.hit:
        res.notes.append(note("touch_missed", total=touch.total, ac=touch.ac))
        return res
    mine = ability_check(a, "strength") + [size_special(a, named("size"))]
    theirs = best_of_str_dex(t) + [size_special(t, named("size"))]
    o = _opposed(req, dice, mine, theirs, manoeuvre_word("trip"))
    res.rolls += o.rolls
    res.modifiers += o.modifiers
    res.dropped += o.dropped
    res.sides += o.sides
    if o.first_wins:
        res.success = True
        res.effects.append(note("falls_prone", t=t.name))
        res.conditions_added[t.id] = _prone()
    elif opts.counter_attempts and not req.options.get("no_counter", False):
        back = opposed(dice, ability_check(t, "strength") + [size_special(t, named("size"))],
                       best_of_str_dex(a) + [size_special(a, named("size"))],
                       note("trip_back"), (t.name, a.name), req.situation.disabled)
        res.rolls += back.rolls
        res.sides += back.sides
        if back.first_wins:
            res.effects.append(note("tripped_back", a=a.name))
            res.conditions_added[a.id] = _prone()
    return res


def _disarm_mods(c: Combatant, w: Weapon) -> list[Modifier]:
    """« test d'attaque opposé » : the attack roll's own modifiers (the weapon's enhancement,
    the attacker's conditions), not an ability check's. Size keeps the special modifier of
    "Taille": between two sides it is +4 per category of difference, as 3.5 disarms."""
    mods = opposed_attack_modifiers(c, w, size_special(c, named("size"), "attack"))
    if w.two_handed:
        mods.append(Modifier(name=named("two_handed_weapon"), value=4, source=MANOEUVRES,
                             applies_to="attack"))
    if w.light:
        mods.append(Modifier(name=named("light_weapon"), value=-4, source=MANOEUVRES,
                             applies_to="attack"))
    return mods


def disarm(req: ManoeuvreRequest, dice: Dice, opts: Breche35Options) -> ManoeuvreResult:
    """Opposed attack rolls, +4 two-handed, −4 light; a failure lets the target disarm back."""
    a, t = req.attacker, req.target
    wa = stats_of(a).weapon(req.options.get("weapon"))
    wt = stats_of(t).weapon(req.options.get("target_weapon"))
    o = _opposed(req, dice, _disarm_mods(a, wa), _disarm_mods(t, wt), note("disarm"),
                 on_roll="attack")
    res = ManoeuvreResult(name="disarm", success=o.first_wins, rolls=o.rolls,
                          modifiers=o.modifiers, dropped=o.dropped, sides=o.sides,
                          notes=[note("attack_vs", a=o.first_total, b=o.second_total)])
    if o.first_wins:
        res.effects.append(note("drops", t=t.name, w=wt.name))
    elif opts.counter_attempts and not req.options.get("no_counter", False):
        back = opposed(dice, _disarm_mods(t, wt), _disarm_mods(a, wa), note("disarm_back"),
                       (t.name, a.name), req.situation.disabled)
        res.rolls += back.rolls
        res.sides += back.sides
        if back.first_wins:
            res.effects.append(note("drops_back", a=a.name, w=wa.name))
    return res


def overrun(req: ManoeuvreRequest, dice: Dice) -> ManoeuvreResult:
    """« il peut s'écarter, sinon test de Force opposé : il tombe à terre ». The target chooses
    (options["target_avoids"]): step aside, or block with Strength only; unlike the trip
    (« Force (ou Dextérité) ») the seed gives it no Dexterity."""
    a, t = req.attacker, req.target
    if req.options.get("target_avoids", False):
        return ManoeuvreResult(name="overrun", success=True,
                               effects=[note("steps_aside", t=t.name, a=a.name)])
    mine = ability_check(a, "strength") + [size_special(a, named("size"))]
    theirs = ability_check(t, "strength") + [size_special(t, named("size"))]
    o = _opposed(req, dice, mine, theirs, manoeuvre_word("overrun"))
    res = ManoeuvreResult(name="overrun", success=o.first_wins, rolls=o.rolls,
                          modifiers=o.modifiers, dropped=o.dropped, sides=o.sides,
                          notes=[note("strength_vs", a=o.first_total, b=o.second_total)])
    if o.first_wins:
        res.effects.append(note("knocked_passes", t=t.name, a=a.name))
        res.conditions_added[t.id] = _prone()
    else:
        res.effects.append(note("stopped", a=a.name))
    return res
