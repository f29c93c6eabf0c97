"""The rulings asked apart from a command: a save's cover from where the effect comes, a fall,
an armoured arcane caster's spell failure, a 2bis disengagement, and what the rules refuse
outright (no GM override), for the CLI's `--strict` and whoever else asks.

The rolls use the session's dice (forced values first), and nothing on the map changes:
the answer says what the rules would do."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from battlemap.engine.commands import areas
from battlemap.engine.errors import EngineError
from battlemap.engine.queries import budget as budgets
from battlemap.engine.queries import geometry as geom
from battlemap.engine.words import condition_word, either, said
from battlemap.rules.core.combat import AttackResult, Combatant, Situation
from battlemap.text import Message

if TYPE_CHECKING:
    from battlemap.engine.state import State

Source = str | tuple[float, float] | None  # a token id, a point in grid units, or nowhere


def save_situation(state: State, token_id: str, source: Source) -> Situation:
    """The situation of a save against an effect from `source`: the cover the token has
    from that creature's space (as an attack's) or from that point (as an area's), which
    the rules apply where their text says (003 "L'abri": Dex saves; 000 "Abri": Reflex)."""
    if source is None:
        return Situation()
    if isinstance(source, str):
        state.token(source)  # the sentence when there is no such token
        if source == token_id:
            return Situation()
        from battlemap.engine import situations as sits

        cov = sits.covers(state, source, [token_id])[0]
        return Situation(kind="ranged", cover=cov.level,
                         cover_from_creatures_only=cov.from_creatures_only,
                         cover_detail=str(cov.explanation))
    return Situation(kind="ranged", cover=areas.point_cover(state, source, token_id))


def fall(state: State, token_id: str, height_m: float, forced: Iterable[int] = ()) -> Any:
    """The system's fall (dnd2024 003 "Chute": 1d6 per 3 m, at most 20d6, then prone)."""
    if not height_m >= 0:
        raise EngineError(said("error.fall_height", h=float(height_m)))
    return _rolled(state, forced, "ruling.fall", lambda: state.system.falling(
        state.combatant(token_id), height_m, state.dice, state.options))


def spell_failure(state: State, token_id: str, forced: Iterable[int] = ()) -> Any:
    """The roll an armoured arcane caster makes as it casts (pmt 004: d100 ≤ the armour's
    penalty fails), or the system's sentence that it has none."""
    return _rolled(state, forced, "ruling.spell_failure", lambda: state.system.spell_failure(
        state.combatant(token_id), state.dice, state.options))


def concentration(state: State, token_id: str, damage: int, spell_level: int,
                  ranks: int = 0, forced: Iterable[int] = ()) -> Any:
    """The check a caster hurt while casting makes to keep the spell (3.5 000
    "Compétences"), or the system's sentence that it has none."""
    if damage < 0 or spell_level < 0 or ranks < 0:
        raise EngineError(said("error.concentration_numbers"))
    return _rolled(state, forced, "ruling.concentration", lambda: state.system.concentration(
        state.combatant(token_id), damage, spell_level, state.dice, state.options,
        ranks=ranks))


def charge_blow(state: State, attacker_id: str, target_id: str, weapon: str | None = None,
                forced: Iterable[int] = ()) -> AttackResult:
    """The blow that ends a declared charge: the attack the charger makes next in its turn,
    its situation built as that attack's with the run-up's flag set (2bis 001 "Charge":
    +2 to hit and damage, a thrusting polearm's Strength bonus doubled). Rolled, not
    applied."""
    from battlemap.engine import situations as sits
    from battlemap.engine.queries import previews

    sit = sits.situation(state, attacker_id, target_id, weapon)[0]
    sit.charging = True
    w = sits.find_weapon(state, attacker_id, weapon)
    state.dice.force(forced)
    try:
        return state.system.resolve_attack(  # type: ignore[no-any-return]
            previews._request(state, attacker_id, target_id, w, sit), state.dice,
            state.options)
    finally:
        state.dice.forced.clear()


def engaged_by(state: State, token_id: str) -> list[str]:
    """The foes whose threatened squares hold part of the token's space: those it leaves."""
    me = state.token(token_id)
    mine = set(me.squares())
    return [t.id for t in state.encounter.tokens
            if t.id != token_id and t.side != me.side
            and mine.intersection(geom.threatened_squares(state, t.id))]


def disengage(state: State, token_id: str, ally_id: str | None = None,
              forced: Iterable[int] = ()) -> Any:
    """Leaving the melee of every foe that threatens the token (2bis 001 "Opportunity
    Attacks et Désengagement"). Free when `ally_id` takes its place: the ally threatens
    each of those foes, no other foe threatens the ally, and no foe has more attacks a
    round than the ally; otherwise one check per foe."""
    foes = engaged_by(state, token_id)
    if not foes:
        raise EngineError(said("error.not_engaged", name=state.name_of(token_id)))
    opponents = [state.combatant(f) for f in foes]
    ally: Combatant | None = None
    in_place = unopposed = False
    if ally_id is not None:
        ally = state.combatant(ally_id)
        on_ally = set(engaged_by(state, ally_id))
        reach = set(geom.threatened_squares(state, ally_id))
        in_place = all(reach.intersection(state.token(f).squares()) for f in foes)
        unopposed = on_ally <= set(foes)
    system = state.system
    return _rolled(state, forced, "ruling.disengage", lambda: system.disengage(
        state.combatant(token_id), opponents, state.dice, ally_in_place=in_place,
        ally_unopposed=unopposed,
        ally_attacks=system.attacks_per_round(ally) if ally is not None else 0,
        opponent_attacks=max(system.attacks_per_round(c) for c in opponents)))


def _rolled(state: State, forced: Iterable[int], what: str, ask: Any) -> Any:
    """The rules' answer with the forced dice first; none left over for the next roll."""
    state.dice.force(forced)
    try:
        found = ask()
    finally:
        state.dice.forced.clear()
    if found is None:
        raise EngineError(said("error.no_ruling", system=state.system.name, what=said(what),
                               seed=state.system.seed))
    return found


# -- what the rules refuse outright ---------------------------------------------------------

def strict_refusal(state: State, actor_id: str, payments: Sequence[Sequence[str]],
                   what: Message | str) -> Message | None:
    """Why the rules do not let the creature do this now, in or out of its turn (the GM's
    placing out of turn checks no budget): a payment with no slot at all in its full budget
    (pmt's defensive posture leaves no attack, 004), naming each condition that takes the
    slot away with its source. None when the rules allow it."""
    base = budgets.base_budget(state, actor_id)
    for group in payments:
        if any(base.slots.get(slot, 0) > 0 for slot in group):
            continue
        known = [s for s in group if s in base.slots] or list(group)
        why: list[Any] = _barring(state, actor_id, group) or list(base.notes)
        if not why:
            return said("refused.no_slot", name=state.name_of(actor_id), slots=either(known),
                        what=what)
        return said("refused.barred", name=state.name_of(actor_id), what=what,
                    why=said("text.commas", parts=why))
    return None


def manoeuvre_refusal(state: State, name: str, attacker_id: str, target_id: str,
                      options: dict[str, Any] | None = None) -> Message | None:
    """Why the rules refuse this manoeuvre outright: a target out of the author's reach
    (as an attack's, with the weapon it names), or no slot to pay for it
    (`strict_refusal`); None when they allow it. The rules' own checks (a coup de grâce on
    a creature that is not helpless…) are in the result."""
    from battlemap.engine import situations as sits
    from battlemap.engine.words import manoeuvre as manoeuvre_word

    if name not in state.system.manoeuvres():
        return None  # the command says which manoeuvres the system has
    opts = dict(options or {})
    sit = sits.situation(state, attacker_id, target_id, opts.get("weapon"),
                         body_too=opts.get("weapon") is None)[0]
    if not sit.in_reach:
        return sits.reach_said(state, "refused", attacker_id, target_id,
                               sits.find_weapon(state, attacker_id, opts.get("weapon")),
                               sit.distance_m, t=state.name_of(target_id),
                               a=state.name_of(attacker_id))
    return strict_refusal(state, attacker_id,
                          budgets.manoeuvre_cost(state, name, attacker_id, opts),
                          said("what.manoeuvre", name=manoeuvre_word(state.system, name)))


def _barring(state: State, actor_id: str, group: Sequence[str]) -> list[Message]:
    """Each of the creature's conditions without which the system gives it the slot back."""
    c = state.combatant(actor_id)
    infos = state.system.conditions()
    out = []
    for cond in c.conditions:
        without = c.model_copy(update={"conditions": [x for x in c.conditions if x is not cond]})
        try:
            slots = state.system.turn_budget(without, state.options).slots
        except (AttributeError, NotImplementedError):
            return []
        if any(slots.get(s, 0) > 0 for s in group):
            info = infos.get(cond.name)
            source = cond.source or (info.source if info is not None else "")
            out.append(said("refused.because", condition=condition_word(state.system, cond.name),
                            source=source or state.system.seed))
    return out


def unrolled(res: AttackResult) -> list[Any]:
    """The rules' own reasons when no attack could be rolled at all (total cover, a prone
    archer without a crossbow, 000 "Modificateurs de situation")."""
    if not res.attacks or any(a.outcome != "no_target" for a in res.attacks):
        return []
    return [n for a in res.attacks for n in a.notes]
