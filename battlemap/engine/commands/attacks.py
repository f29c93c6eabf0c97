"""Combat commands: attacks (preview and resolved), manoeuvres, saves, damage, healing and
conditions. Each is one undo step and one log entry with every roll and modifier."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

from battlemap.engine import situations as sits
from battlemap.engine.commands import conditions as cond_cmds
from battlemap.engine.commands import provoke as oas
from battlemap.engine.commands import spending
from battlemap.engine.decision import Asked, Decision, OAChoice, OAMode, plan_of
from battlemap.engine.errors import EngineError, Refused
from battlemap.engine.log_text import state_word
from battlemap.engine.queries import budget as budgets
from battlemap.engine.queries import geometry as geom
from battlemap.engine.queries import previews
from battlemap.engine.results import AttackOutcome, Provoked
from battlemap.engine.words import manoeuvre as manoeuvre_word
from battlemap.engine.words import outcome, said
from battlemap.rules.core.combat import (
    AttackResult,
    HPChange,
    ManoeuvreRequest,
    ManoeuvreResult,
    SaveRequest,
    SaveResult,
    Situation,
)
from battlemap.rules.core.modifiers import Modifier
from battlemap.text import AS_DATA, Message, to_data

if TYPE_CHECKING:
    from battlemap.engine.state import State

CHOICES = ("effect", "damage")
# The defender's choice on a manoeuvre: given, asked once the dice are rolled, or the default.
DefenderChoice = str | None  # "effect", "damage", "ask" (a Decision), None: the default
ASK = "ask"


def _check_choice(picked: str) -> Literal["effect", "damage"]:
    if picked not in CHOICES:
        raise EngineError(said("error.defender_choice", picked=picked))
    return "effect" if picked == "effect" else "damage"


def attack(state: State, attacker_id: str, target_id: str, weapon: str | None = None,
           full_attack: bool = False, kind: str | None = None, forced: Iterable[int] = (),
           extra: Iterable[Modifier] = (), disabled: Iterable[str] = (),
           gm_override: bool = False, options: dict[str, Any] | None = None,
           oa: OAMode = "skip", oa_choices: dict[str, OAChoice] | None = None,
           oa_forced: Iterable[int] = (), decision: Decision | None = None,
           advantage: str | None = None) -> AttackOutcome | Decision:
    """`oa`: the opportunity attacks the attack provokes (commands/provoke.py), rolled first
    with `oa_forced` dice; "skip" unless asked (the GUI asks: a `Decision`, nothing rolled,
    answered with `oa_choices` and `decision`). `forced` stays the attack's own dice.
    `advantage`: the GM's "advantage" or "disadvantage", where the system has them."""
    w = sits.find_weapon(state, attacker_id, weapon)
    options = previews._chosen(state, attacker_id, target_id, weapon, options)
    args = (attacker_id, target_id, weapon, kind, tuple(extra), tuple(disabled), advantage)
    plan = plan_of(decision, state, "attack", args)
    if plan is None:
        sit, _, _ = sits.situation(state, attacker_id, target_id, weapon, kind, extra, disabled,
                                   advantage=advantage)
    else:
        sit = plan[0]
    if not sit.in_reach and not gm_override:
        raise Refused(sits.reach_said(state, "refused", attacker_id, target_id, w,
                                      sit.distance_m, t=state.name_of(target_id),
                                      a=state.name_of(attacker_id)))
    gate, asked = oas._provoked(state, attacker_id, "attack", weapon, sit.kind, oa, oa_choices,
                                None if plan is None else plan[1])
    if asked is None:
        return oas.ask_first(state, "attack", attacker_id, said("what.attack"), gate.provokes,
                             (sit, gate.provokes), args)
    chosen = asked
    none = AttackResult(attacker=attacker_id, target=target_id)
    with state.command(said("step.attack", name=state.name_of(target_id))):
        oa_hp = oas._suffer_provoked(state, attacker_id, said("what.attack"), gate, chosen,
                                      oa_forced)
        if gate.stopped_early:
            return AttackOutcome(result=none, situation=sit, hp_changes=oa_hp, **dict(gate))
        st = state.turn_state
        base = budgets.base_budget(state, attacker_id) if st.current == attacker_id else None
        overridden = [] if sit.in_reach else [sits.reach_override_word(
            state, attacker_id, target_id, w)]
        groups = budgets.economy(state).full_attack if full_attack else (budgets.economy(state).attack,)
        if spending._charge_blow(state, st, attacker_id, full_attack):
            groups = ()  # 000 "Charge": the full-round charge includes this one attack
        for group in groups:
            if base is not None:
                why = spending._take(state, st, attacker_id, base, group, gm_override,
                                 said("what.attack"))
                overridden += [why] if why else []
        state.set_turn(st)
        state.dice.force(forced)
        res = state.system.resolve_attack(
            previews._request(state, attacker_id, target_id, w, sit, full_attack, options),
            state.dice, state.options)
        changes = _apply_attack_damage(state, res, sit)
        log_id = _log_attack(state, "attack", res, sit, changes, overridden)
    return AttackOutcome(result=res, situation=sit, hp_changes=oa_hp + changes,
                         log_id=log_id, override=bool(overridden), dealt=dealt(res, changes),
                         damage_taken=taken(res, changes), **dict(gate))


def _apply_attack_damage(state: State, res: AttackResult, sit: Situation) -> list[HPChange]:
    """Every attack that carries damage deals it, whatever its outcome: the systems only
    attach damage when it lands (004: "Un coup raté inflige quand même 1 dommage").
    Its typed parts go to the system, each met by its own defence (resistances, DR), and
    its kind (nonlethal)."""
    changes = []
    for a in res.attacks:
        if a.damage is not None and a.damage.total > 0:
            hp = state.system.damage(state.combatant(res.target), a.damage.total, state.dice,
                                    state.options, kind=a.damage.kind or "lethal",
                                    critical=a.outcome == "critical",
                                    melee=sit.kind.startswith("melee"), parts=a.damage.parts)
            state.apply_hp(hp)
            changes.append(hp)
    for a in res.attacks:  # then what the attack did to the attacker (2bis fumbles):
        # the hurt first, since it causes the conditions ("2d6 et inconscient", 001)
        for hurt in a.self_damage:
            hp = state.system.damage(state.combatant(res.attacker), hurt.total, state.dice,
                                    state.options, kind=hurt.kind or "lethal", parts=hurt.parts)
            state.apply_hp(hp)
            changes.append(hp)
        for cond in a.self_conditions:
            why = cond_cmds._set_condition(state, res.attacker, cond)
            if why is not None:
                res.notes.append(why)
    return changes


def taken(res: AttackResult, changes: list[HPChange]) -> int:
    """The hit points the target lost: the damage rolled less what its state, resistances
    or the floor of its hit points kept off."""
    return sum(c.before - c.after for c in changes if c.before is not None
               and c.after is not None and c.token == res.target)


def dealt(res: AttackResult, changes: list[HPChange]) -> Message | str:
    """What the attack did to its target, as the log, the panel and the CLI tell it: the
    damage rolled, the damage taken, and the hit points before and after (« 9 dégâts
    (3 subis), PV 3 → 0 »); "" when it dealt none."""
    rolled, lost = res.total_damage, taken(res, changes)
    if not rolled and not lost:
        return ""
    hp = [c for c in changes if c.token == res.target and c.before is not None
          and c.after is not None]
    if not hp:
        return said("result.dealt_no_hp", n=rolled, taken=lost)
    return said("result.dealt", n=rolled, taken=lost, before=hp[0].before, after=hp[-1].after)


def _log_attack(state: State, kind: str, res: AttackResult, sit: Situation, changes: list[HPChange],
                overridden: list[str]) -> int:
    a, t = state.name_of(res.attacker), state.name_of(res.target)
    outs = said("text.commas", parts=[outcome(x.outcome) for x in res.attacks])
    told = dealt(res, changes)
    w = f" ({res.weapon})" if res.weapon else ""
    line = said("log.opportunity_attack" if kind == "opportunity_attack" else "log.attack",
                a=a, t=t, weapon=w, outcomes=outs,
                damage=said("log.attack_dealt", told=told) if told else "",
                over=said("log.gm_override") if overridden else "")
    return state.write_log(kind, line, actor=res.attacker, targets=[res.target], details={
        # The reading of advantage and the sources are kept as messages, for the log in
        # either language.
        "attacks": [x.model_dump(mode="json", context=AS_DATA) for x in res.attacks],
        "notes": res.notes,
        "situation": sit.model_dump(mode="json"),
        "hp": [c.model_dump(mode="json", context=AS_DATA) for c in changes],
        "override": "; ".join(overridden) or None})


def manoeuvre(state: State, name: str, attacker_id: str, target_id: str, forced: Iterable[int] = (),
              gm_override: bool = False, defender_choice: DefenderChoice = None,
              oa: OAMode = "skip", oa_choices: dict[str, OAChoice] | None = None,
              oa_forced: Iterable[int] = (), extra: Iterable[Modifier] = (),
              disabled: Iterable[str] = (), decision: Decision | None = None,
              **options: Any) -> ManoeuvreResult | Decision:
    """`defender_choice`, when the system lets the defender choose (004, a normal hit):
    "effect" or "damage", or "ask": once the dice are rolled, a `Decision` holding the
    roll, nothing kept; the same call with the answer and `decision` makes it. Not given:
    the effect happens, as the attacker declared it, and the log says it was the default.
    `oa` as for `attack` (a Decision when someone may attack), and an actor dropped by them
    does not try (its result says so in `notes`). `extra` / `disabled`: the GM's edits,
    as for `attack`, on the manoeuvre's rolls."""
    if defender_choice is not None and defender_choice != ASK:
        _check_choice(defender_choice)  # before any die is rolled
    args = (name, attacker_id, target_id, tuple(extra), tuple(disabled), options.get("weapon"))
    plan = plan_of(decision, state, "manoeuvre", args)
    if plan is None:
        sit, weapon = previews._manoeuvre_situation(state, name, attacker_id, target_id, extra,
                                                    disabled, options)
    else:
        sit, weapon = plan[0], plan[1]
        if weapon is not None:
            options["weapon"] = weapon
    cost = budgets.manoeuvre_cost(state, name, attacker_id, options)
    what = said("what.manoeuvre", name=manoeuvre_word(state.system, name))
    gate, asked = oas._provoked(state, attacker_id, name, weapon, None, oa, oa_choices,
                                None if plan is None else plan[2])
    if asked is None:
        return oas.ask_first(state, "manoeuvre", attacker_id, what, gate.provokes,
                             (sit, weapon, gate.provokes), args)
    try:
        return _manoeuvre(state, name, attacker_id, target_id, forced, gm_override,
                          defender_choice, oa_forced, sit, weapon, cost, what, gate, asked,
                          options, args)
    except Asked as ask:
        return ask.decision  # the command was rolled back: nothing changed


def _manoeuvre(state: State, name: str, attacker_id: str, target_id: str,
               forced: Iterable[int], gm_override: bool, defender_choice: str | None,
               oa_forced: Iterable[int], sit: Situation, weapon: str | None,
               cost: tuple[tuple[str, ...], ...], what: Message, gate: Provoked,
               chosen: dict[str, OAChoice], options: dict[str, Any], asked: Any
               ) -> ManoeuvreResult:
    with state.command(said("step.manoeuvre", what=what, name=state.name_of(target_id))):
        oas._suffer_provoked(state, attacker_id, what, gate, chosen, oa_forced)
        if gate.stopped_early:
            note = said("note.not_tried", what=what)
            return ManoeuvreResult(name=name, success=False, notes=[note])
        st = state.turn_state
        why = ""
        if st.current == attacker_id:
            base = budgets.base_budget(state, attacker_id)
            reasons = [spending._take(state, st, attacker_id, base, group, gm_override, name)
                       for group in cost]
            why = "; ".join(r for r in reasons if r)
            state.set_turn(st)
            # What the author has moved this turn, for rules that look back on the move
            # (2bis: a plain drag the GM then declares as a charge, 001 "Charge").
            options.setdefault("moved_m", st.moved_m)
        state.dice.force(forced)
        res = state.system.resolve_manoeuvre(ManoeuvreRequest(
            name=name, attacker=geom.roller(state, attacker_id), target=geom.roller(state, target_id),
            situation=sit, options=options), state.dice, state.options)
        chose: str = ""
        if res.defender_chooses and defender_choice == ASK:
            raise Asked(_ask_defender(state, res, target_id, (sit, weapon, gate.provokes),
                                      asked))
        if res.defender_chooses:
            chose = _defender_chooses(res, defender_choice, state.system)
        cond_cmds._apply_manoeuvre_conditions(state, res, attacker_id, target_id)
        if res.charge_blow and st.active and st.current == attacker_id:
            spending._start_charge_blow(st, attacker_id)  # as a move dragged as a charge
            state.set_turn(st)
        changes = []
        if res.damage is not None and res.damage.total > 0:
            hp = state.system.damage(state.combatant(target_id), res.damage.total, state.dice,
                                    state.options, kind=res.damage.kind or "lethal",
                                    melee=True, parts=res.damage.parts)
            state.apply_hp(hp)
            changes.append(hp)
        a, t = state.name_of(attacker_id), state.name_of(target_id)
        state.write_log("manoeuvre", said("log.manoeuvre", a=a, t=t,
                                          name=manoeuvre_word(state.system, name),
                                          ok=said("log.success" if res.success else "log.failure"),
                                          chose=chose), actor=attacker_id,
                  targets=[target_id],
                  details={"rolls": [r.model_dump(mode="json", context=AS_DATA) for r in res.rolls],
                           "sides": [x.model_dump(mode="json", context=AS_DATA)
                                     for x in res.sides],
                           "modifiers": [m.model_dump(mode="json", context=AS_DATA)
                                         for m in res.modifiers],
                           "dropped": [m.model_dump(mode="json", context=AS_DATA)
                                       for m in res.dropped],
                           "effects": to_data(res.effects), "outcome_notes": to_data(res.notes),
                           "hp": [c.model_dump(mode="json", context=AS_DATA)
                                                         for c in changes],
                           "defender_choice": res.defender_choice,
                           "override": why or None})
    return res


def _ask_defender(state: State, res: ManoeuvreResult, target_id: str, plan: Any,
                  asked: Any) -> Decision:
    """The defender's question, with the manoeuvre as its dice fell (004 "Manœuvres": "le
    défenseur peut, au choix, laisser la manœuvre s'effectuer ou subir les dommages")."""
    damage = res.damage.total if res.damage is not None else 0
    return Decision(command="manoeuvre", asks="defender", result=res.model_copy(deep=True),
                    question=said("ask.defender", target=state.name_of(target_id),
                                  name=manoeuvre_word(state.system, res.name), n=damage),
                    plan=plan, marker=state.history.marker, asked=asked)


def _defender_chooses(res: ManoeuvreResult, choice: str | None, system: Any) -> str:
    """Keep exactly one of the effect and the damage; the log's words for the choice (the
    manoeuvre by the system's name for it)."""
    picked = choice or "effect"
    res.defender_choice = _check_choice(picked)
    dmg = res.damage.total if res.damage else 0
    if picked == "effect":
        res.damage = None
        name = manoeuvre_word(system, res.name)
        line, effect = (said(k, name=name) for k in ("log.lets_happen",
                                                         "log.lets_happen_effect"))
    else:
        res.conditions_added, res.push_m = {}, None
        line, effect = (said(k, n=dmg) for k in ("log.takes_damage", "log.takes_damage_effect"))
    if choice is None:
        line, effect = said("log.by_default", choice=line), said("log.by_default", choice=effect)
    res.effects.append(effect)
    return line


def save_throw(state: State, token_id: str, ability: str, dc: int, forced: Iterable[int] = (),
               situation: Situation | None = None) -> SaveResult:
    with state.command(said("step.save", name=state.name_of(token_id))):
        state.dice.force(forced)
        res = state.system.resolve_save(SaveRequest(
            token=geom.roller(state, token_id), ability=ability, dc=dc,
            situation=situation or Situation()), state.dice, state.options)
        name = state.name_of(token_id)
        ok = said("log.success" if res.success else "log.failure")
        # The system names its save on the roll (« JS de Dextérité DD 15 »); else its id.
        line = (said("log.save_as", name=name, save=res.roll.label, total=res.total, ok=ok)
                if isinstance(res.roll.label, Message) else
                said("log.save", name=name, ability=ability, dc=dc, total=res.total, ok=ok))
        state.write_log("save", line,
                        actor=token_id,
                  details={"saves": [res.model_dump(mode="json", context=AS_DATA)]})
    return res


def damage(state: State, token_id: str, amount: int, kind: str = "lethal") -> HPChange:
    if amount < 0:
        raise EngineError(said("error.negative_damage"))
    with state.command(said("step.damage", name=state.name_of(token_id))):
        hp = state.system.damage(state.combatant(token_id), amount, state.dice, state.options,
                                kind=kind)
        state.apply_hp(hp)
        _log_hp(state, "damage", hp, amount)
    return hp


def heal(state: State, token_id: str, amount: int) -> HPChange:
    if amount < 0:
        raise EngineError(said("error.negative_heal"))
    with state.command(said("step.heal", name=state.name_of(token_id))):
        hp = state.system.heal(state.combatant(token_id), amount, state.options)
        state.apply_hp(hp)
        _log_hp(state, "heal", hp, amount)
    return hp


def _log_hp(state: State, kind: str, hp: HPChange, amount: int) -> None:
    name = state.name_of(hp.token)
    state.write_log(kind, said(f"log.{kind}", name=name, n=amount, before=hp.before,
                               after=hp.after, state=state_word(hp.state_after)), actor=hp.token,
              details={"hp": [hp.model_dump(mode="json", context=AS_DATA)]})
