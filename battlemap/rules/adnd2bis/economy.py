"""The 2bis round (001 "Actions de mouvement et de combat") and what each manoeuvre costs from
its two actions (001 "Actions de mouvement et de
combat"): one combat action and one move action, an unused combat action serving as a second
move; "full actions" take the whole round; free actions and reactions cost nothing in turn.

A cost is a `core.economy.Cost`: a tuple of payments, each the slots that may pay it. `()` is
free."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.rules.adnd2bis.manoeuvres import ONE_ACTION
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.economy import Cost, Economy

# One combat + one move action, or two moves; the charge is the move action 10' longer, the
# combat action left for the blow (001 "Charge"); an opportunity attack spends the reaction.
ECONOMY = Economy(attack=("combat",), full_attack=(("full", "combat"), ("move",)),
                  move=("move", "combat"), step=("five_foot_step",), reaction="reaction",
                  free_movement=False, charge_bonus_m=3.0,
                  default_slots=(("combat", 1), ("move", 1), ("five_foot_step", 1),
                                 ("reaction", 1)))

COMBAT: Cost = (("combat",),)
MOVE: Cost = (("move", "combat"),)  # "il dispose alors de deux actions de mouvement"
ANY_ONE: Cost = (("combat", "move"),)  # one of the two, whichever is left
WHOLE_ROUND: Cost = (("combat",), ("move",))  # a full action: "l'intégralité du round"
FREE: Cost = ()

_COSTS: dict[str, Cost] = {
    "grapple": COMBAT,  # "Déclenche une OA et consomme une attaque"
    "trip": COMBAT,  # "consomme l'action de combat"
    "flyby": COMBAT,  # the attack made in passing
    "break": COMBAT,  # a Strength check against the object's Break DC
    "full_defence": WHOLE_ROUND,  # "passer le round à tenter de se défendre"
    # "s'y consacrer entièrement pendant deux rounds": a full action in each of them.
    "stabilise": WHOLE_ROUND,
    # The held action is one of the round's two; "Aucune autre action ni mouvement n'est alors
    # possible" afterwards is the holding condition's (turn_budget gives nothing more).
    "hold_action": ANY_ONE,
    "release_hold": FREE,  # the reaction itself, paid when it was declared
    "release_grapple": FREE,  # "Vous pouvez libérer la cible quand le voulez (action gratuite)"
    # The run-up is paid by the move (kind "charge"), the blow by the attack.
    "charge": FREE,
    "counter_charge": FREE,  # an opportunity attack: a reaction, out of turn
}


def _stats(c: Combatant) -> Adnd2bisStats:
    return c.stats if isinstance(c.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        c.stats or {})


def escape_cost(actor: Combatant, options: Mapping[str, Any]) -> Cost:
    """"Exige une full round action"; Free Action or Grease: "par une move-action". A victim
    left one action by its grappler's feat (001 "Grappled") spends that one action."""
    if _stats(actor).has("free_action") or options.get("grease"):
        return MOVE
    one = any(c.name == "grappled" and c.level == ONE_ACTION for c in actor.conditions)
    return ANY_ONE if one else WHOLE_ROUND


def manoeuvre_cost(name: str, actor: Combatant, options: Mapping[str, Any]) -> Cost | None:
    """The slots `actor` spends on manoeuvre `name`; None for a name this table does not know
    (the engine then charges its default, the combat action)."""
    if name == "escape":
        return escape_cost(actor, options)
    return _COSTS.get(name)
