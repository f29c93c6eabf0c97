"""Opportunity attacks, shared by moves and by the actions that provoke: who may still make
one, asking the GM or taking the caller's choice, and resolving the chosen attacks until the
provoking creature goes down.

An attack or a manoeuvre provokes from the foes that threaten the actor's space when the
rules say the action does (`RuleSystem.action_provokes`: 000 ranged and unarmed attacks and
the manoeuvres, 001 grapple and trip; nothing in 003 and 004). The attacks come before the
action, in its undo step; if they drop the actor, the action does not happen."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from battlemap.engine import situations as sits
from battlemap.engine._memo import MISS
from battlemap.engine.commands import attacks as attack_cmds
from battlemap.engine.queries import geometry as geom
from battlemap.engine.results import Provoked
from battlemap.engine.words import said
from battlemap.rules.core.combat import AttackRequest, HPChange
from battlemap.text import Message

if TYPE_CHECKING:
    from battlemap.engine.state import State

from battlemap.engine.decision import Decision, OAChoice, OAMode

DOWN_STATES = {"dying", "dead", "unconscious", "stable", "helpless"}


def _eligible(state: State, provokes: list[Any]) -> list[Any]:
    """Provocations whose attacker still has an opportunity attack this round."""
    st = state.turn_view()
    out = []
    for p in provokes:
        if st.reactions.get(p.by, 0) < _oa_cap(state, p.by):
            out.append(p)
    return out


def _oa_cap(state: State, token_id: str) -> int:
    """The rules' opportunity attacks per round, remembered per token object and system
    (the combatant is made from the token alone): previews ask at every drag square."""
    memo = state.caches.oa_cap
    tok, system = state.token(token_id), state.system
    hit = memo.lookup_all(token_id, (tok, system))
    if hit is MISS:
        hit = memo.store(token_id, system.opportunity_attacks_per_round(
            state.combatant(token_id)), (tok, system))
    return hit


def _choose(state: State, provokes: list[Any], oa: OAMode,
            oa_choices: dict[str, OAChoice] | None) -> dict[str, OAChoice] | None:
    """Each provoker's fate; None when the GM must be asked first (oa="ask", no
    choices given). Provokers missing from `oa_choices` get `oa`'s default."""
    if oa == "ask" and provokes and oa_choices is None:
        return None
    default: OAChoice = "resolve" if oa == "resolve" else "skip"
    return {p.by: (oa_choices or {}).get(p.by, default) for p in provokes}


def _resolve_oas(state: State, target: str, provokes: list[Any], chosen: dict[str, OAChoice],
                 out: Provoked, hp: list[HPChange], place: bool = False) -> None:
    """The chosen attacks in order, until one drops `target` (`out.stopped_early`);
    `place`: put the mover on the square it is leaving first (a move's attacks)."""
    for p in sorted(provokes, key=lambda p: p.step_index):
        if chosen.get(p.by) != "resolve":
            continue
        if place:
            state.replace_token(target, col=p.at[0], row=p.at[1])
        res, changes = _opportunity_attack(state, p.by, target)
        out.opportunity_attacks.append(res)
        hp += changes
        if state.system.hp_state(state.combatant(target)) in DOWN_STATES:
            out.stopped_early = True
            return


def _opportunity_attack(state: State, by: str, target: str) -> tuple[Any, list[HPChange]]:
    st = state.turn_state
    st.reactions[by] = st.reactions.get(by, 0) + 1
    state.set_turn(st)
    geo = geom.geometry(state).with_token_at(target, *state.token(target).footprint_bounds()[:2])
    weapon = _threatening_weapon(state, by, target, geo)
    sit, _, _ = sits.situation(state, by, target, weapon, "melee", geo=geo)
    sit.charging = False  # never the blow of a charge, whoever acts (000, 001 "Charge")
    res = state.system.resolve_attack(AttackRequest(
        attacker=geom.roller(state, by, geo), target=geom.roller(state, target, geo), weapon=weapon,
        situation=sit, round_number=max(1, state.round)), state.dice, state.options)
    hp = attack_cmds._apply_attack_damage(state, res, sit)
    attack_cmds._log_attack(state, "opportunity_attack", res, sit, hp, [])
    return res, hp


def _threatening_weapon(state: State, by: str, target: str, geo: Any) -> str | None:
    """The melee weapon the attack of opportunity is rolled with: the first of `by`'s that
    threatens the square where it is provoked (a 3.5 pikeman's dagger beside it, its pike
    at the ring: the zone `geom.weapon_reach` gives, as the move found the provocation);
    its first melee weapon when none does (the GM placed the tokens), None without one."""
    att, tgt = geo.token(by), geo.token(target)
    melee = geom.melee_weapons(state, att)
    for w in melee:
        if not sits.melee_reach_problem(state, att, tgt, w, geo):
            return str(w.name)
    return str(melee[0].name) if melee else None


def action_provocations(state: State, actor_id: str, action: str, weapon: str | None = None,
                        kind: str | None = None) -> list[Any]:
    """The foes that would make an opportunity attack now if `actor_id` did `action`
    ("attack" or a manoeuvre's name) from where it stands: hostile, threatening a square
    of its space (the threat zones moves use), an attack left this round, and the rules
    say the action provokes them. Each with `why`, a message."""
    from battlemap.geometry import Provocation, footprint_squares
    from battlemap.geometry.reach.threat_map import threat_map

    me = state.token(actor_id)
    space = footprint_squares(me)
    threats = threat_map(geom.geometry(state), actor_id, geom.policy(state), geom.rules(state).reach_of,
                         geom.rules(state).can_threaten, me.footprint_bounds())
    actor = state.combatant(actor_id)
    out = []
    for by in threats.threatening(space):
        why = state.system.action_provokes(actor, action, state.combatant(by), weapon, kind)
        if why:
            out.append(Provocation(by=by, at=space[0], step_index=0, why=why))
    return _eligible(state, out)


def _provoked(state: State, actor_id: str, action: str, weapon: str | None, kind: str | None,
              oa: OAMode, oa_choices: dict[str, OAChoice] | None,
              provokes: list[Any] | None = None
              ) -> tuple[Provoked, dict[str, OAChoice] | None]:
    """Before the command: who provokes (`provokes` when a Decision already found them) and
    what the caller chose (None when the GM must be asked first)."""
    if provokes is None:
        provokes = action_provocations(state, actor_id, action, weapon, kind)
    return Provoked(provokes=provokes), _choose(state, provokes, oa, oa_choices)


def _suffer_provoked(state: State, actor_id: str, what: Message, gate: Provoked,
                     chosen: dict[str, OAChoice], forced: Iterable[int] = ()
                     ) -> list[HPChange]:
    """Inside the command, before the action: log who provoked and the choice, resolve
    the chosen attacks, and log that the action does not happen if they drop the actor
    (`gate.stopped_early`)."""
    if not gate.provokes:
        return []
    name = state.name_of(actor_id)
    parts = [said("log.provoked_one", by=state.name_of(p.by), why=p.why,
                  fate=said(f"log.oa_{chosen[p.by]}")) for p in gate.provokes]
    state.write_log("provoked", said("log.provoked", name=name, what=what, parts=parts),
              actor=actor_id, targets=[p.by for p in gate.provokes],
              details={"opportunity": chosen})
    hp: list[HPChange] = []
    state.dice.force(forced)
    _resolve_oas(state, actor_id, gate.provokes, chosen, gate, hp)
    if gate.stopped_early:
        down = said("log.down_before", name=name, what=what)
        state.write_log("provoked", down, actor=actor_id)
    return hp


def ask_first(state: State, command: str, actor_id: str, what: Message, provokes: list[Any],
              plan: Any, asked: Any) -> Decision:
    """The question before a command that provokes: who would attack `actor_id`, and why."""
    names = ", ".join(state.name_of(p.by) for p in provokes)
    return Decision(command=command, asks="opportunity_attacks",
                    question=said("refused.oa_decision", name=state.name_of(actor_id),
                                  what=what, names=names),
                    provokes=provokes, plan=plan, marker=state.history.marker,
                    asked=asked)
