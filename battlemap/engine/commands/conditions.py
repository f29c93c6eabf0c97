"""Conditions on tokens: add / remove (GM commands), what a manoeuvre or a turn event changes
(removals first, then additions), and what every creature gets when combat begins."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from battlemap.engine.errors import EngineError
from battlemap.engine.words import condition_word, said
from battlemap.model import Condition
from battlemap.rules.core.combat import Combatant, ManoeuvreResult
from battlemap.text import AS_DATA, joined, to_data, words

if TYPE_CHECKING:
    from battlemap.engine.state import State

# Conditions caused by another creature: their `source` holds that creature's token id, so
# the rules know who the grappler / the charmer is (2024 PHB, Grappled and Charmed).
CAUSED_BY_CREATURE = {"grappled", "charmed"}


def add_condition(state: State, token_id: str, name: str, rounds: int | None = None,
                  level: int | None = None, source: str = "",
                  forced: Iterable[int] = ()) -> Condition:
    """`rounds` None: the system's default duration when it has one (rolled, `forced`
    dice first), else until removed. Returns the condition as stored. A creature immune to
    it (2024 « Immunité », its stat block) is refused in one sentence naming the immunity
    and its source: nothing changes."""
    why = state.condition_immunity(token_id, name)
    if why is not None:
        raise EngineError(why)
    with state.command(said("step.add_condition", condition=condition_word(state.system, name),
                              name=state.name_of(token_id))):
        state.dice.force(forced)
        _set_condition(state, token_id, Condition(name=name, rounds_left=rounds, level=level,
                                                source=source))
    return next(c for c in state.token(token_id).conditions if c.name == name)


def _set_condition(state: State, token_id: str, cond: Condition) -> str | None:
    """Put the condition on the token, with its log entry; when the creature is immune to
    it, nothing but an entry that says why, which is returned (a manoeuvre's result names
    it too)."""
    why = state.condition_immunity(token_id, cond.name)
    if why is not None:
        state.write_log("condition", said("log.condition_refused", why=why), actor=token_id,
                        details={"refused": cond.name, "why": to_data(why)})
        return why
    tok = state.token(token_id)
    before = state.combatant(token_id)
    # No duration given, by the GM or the rule that causes it: the system's default.
    default = state.system.default_duration(cond.name, state.dice) \
        if cond.rounds_left is None else None
    if default is not None:
        cond = cond.model_copy(update={"rounds_left": default.total})
    conds = [c for c in tok.conditions if c.name != cond.name] + [cond]
    state.replace_token(token_id, conditions=conds)
    n = state.name_of(token_id)
    duration: str = said("log.rounds", n=cond.rounds_left) if cond.rounds_left else ""
    details: dict[str, Any] = {"condition": cond.model_dump(mode="json", context=AS_DATA),
                               "condition_label": to_data(condition_word(state.system, cond.name))}
    if default is not None:  # the die, its result and the rule that gives it
        info = state.system.conditions().get(cond.name)
        # The roll's label is the rules' own French ("durée par défaut"): each language's
        # text is given as the rules word it.
        duration = said("log.rounds_default", n=cond.rounds_left, default={
            "en": f"default duration: {default.render()}, "
                  f"{info.source if info else state.system.seed}",
            "fr": f"{words(default.label, 'fr')} : {default.render('fr')}"})
        details["roll"] = default.model_dump(mode="json", context=AS_DATA)
    state.write_log("condition", said("log.condition", name=n,
                                      condition=condition_word(state.system, cond.name),
                                      duration=duration), actor=token_id, details=details)
    _condition_cost(state, before, cond)
    return None


def _condition_cost(state: State, before: Combatant, cond: Condition) -> None:
    """What gaining the condition costs at once, if the system says (2bis Exhausted: 50 %
    of max hp non-lethal, 001 "Exhausted (Epuisé)"), in the same undo step."""
    hp = state.system.condition_added(before, cond, state.dice, state.options)
    if hp is None:
        return
    state.apply_hp(hp)
    lost = hp.nonlethal_after - before.nonlethal
    # French gives the rules' notes; English says what they count.
    notes = words(joined(hp.notes, "text.semicolons"), "fr")
    state.write_log("damage", said("log.condition_cost", name=before.name,
                                   condition=condition_word(state.system, cond.name),
                                   what={"en": said("log.loses_nonlethal", n=lost),
                                         "fr": notes}), actor=before.id,
              details={"hp": [hp.model_dump(mode="json", context=AS_DATA)]})


def remove_condition(state: State, token_id: str, name: str) -> None:
    tok = state.token(token_id)
    if not tok.has_condition(name):
        raise EngineError(said("error.not_condition", name=tok.name,
                               condition={"en": name,
                                          "fr": condition_word(state.system, name)}))
    with state.command(said("step.remove_condition",
                              condition=condition_word(state.system, name), name=tok.name)):
        _drop_conditions(state, token_id, [name])


def _drop_conditions(state: State, token_id: str, names: Iterable[str]) -> None:
    """Take conditions off a token, one log entry each (absent ones are skipped)."""
    tok = state.token(token_id)
    gone = [n for n in dict.fromkeys(names) if tok.has_condition(n)]
    if not gone:
        return
    state.replace_token(token_id, conditions=[c for c in tok.conditions if c.name not in gone])
    for name in gone:
        # Quoted, as a turn's end says it (« fin de « Pris au dépourvu » »): "fin de Au
        # sol" read as broken French.
        state.write_log("condition", said("log.condition_removed", name=tok.name,
                                          condition=condition_word(state.system, name)),
                        actor=token_id, details={"removed": name})


def _apply_manoeuvre_conditions(state: State, res: ManoeuvreResult, attacker_id: str,
                                target_id: str) -> None:
    """Removals first, then additions: an escape that ends one grapple and a new grapple
    in the same result must leave the new one (the counters of 2024 work the same way)."""
    for tid, names in res.conditions_removed.items():
        _drop_conditions(state, tid, names)
    for tid, conds in res.conditions_added.items():
        other = target_id if tid == attacker_id else attacker_id
        for c in conds:
            why = _set_condition(state, tid, _caused_by(c, other, _token_ids(state)))
            if why is not None:  # the result says it too: the manoeuvre worked, not this
                res.notes.append(why)


def _token_ids(state: State) -> set[str]:
    return {t.id for t in state.encounter.tokens}


def _combat_start_conditions(state: State, ids: list[str]) -> None:
    """Conditions the system puts on everyone when combat begins (3.5: flat-footed until
    the creature first acts, 000 "Le round de combat"); one log entry for all."""
    names = list(state.system.combat_start_conditions())
    if not names or not ids:
        return
    table = state.system.conditions()
    for token_id in ids:
        tok = state.token(token_id)
        conds = [c for c in tok.conditions if c.name not in names]
        conds += [Condition(name=n, source=table[n].source if n in table else state.system.seed)
                  for n in names if state.condition_immunity(token_id, n) is None]
        state.replace_token(token_id, conditions=conds)
    who = ", ".join(state.name_of(i) for i in ids)
    state.write_log("condition", said("log.combat_start", who=who, conditions=said(
        "text.commas", parts=[condition_word(state.system, n) for n in names])), targets=ids,
              details={"combat_start": names})


def _caused_by(cond: Condition, other: str, token_ids: set[str]) -> Condition:
    if cond.name not in CAUSED_BY_CREATURE or cond.source in token_ids:
        return cond
    return cond.model_copy(update={"source": other})
