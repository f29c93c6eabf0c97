"""Opportunity attacks, shared by moves and by the actions that provoke: who may still make
one, asking the GM or taking the caller's choice, and resolving the chosen attacks until the
provoking creature goes down.

An attack or a manoeuvre provokes from the foes that threaten the actor's space when the
rules say the action does (`RuleSystem.action_provokes`: 000 ranged and unarmed attacks and
the manoeuvres, 001 grapple and trip; nothing in 003 and 004). The attacks come before the
action, in its undo step; if they drop the actor, the action does not happen."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

from battlemap.engine.errors import EngineError
from battlemap.engine.results import Provoked
from battlemap.engine.situations import SituationBuilder
from battlemap.engine.words import said
from battlemap.model.words import Said
from battlemap.rules.core.combat import AttackRequest, AttackResult, HPChange, Situation

OAMode = Literal["ask", "resolve", "skip"]
OAChoice = Literal["resolve", "skip"]
DOWN_STATES = {"dying", "dead", "unconscious", "stable", "helpless"}


class DecisionNeeded(EngineError):
    """oa="ask" on a command that cannot return the question (a manoeuvre): the foes who
    would attack are in `provokes`; call again with `oa` or `oa_choices` (not a refusal:
    `gm_override` does not answer it)."""

    def __init__(self, reason: str, provokes: list[Any]) -> None:
        super().__init__(reason)
        self.provokes = provokes


class ProvokeCommands(SituationBuilder):
    if TYPE_CHECKING:  # CombatCommands' own, which this class sits under
        def _apply_attack_damage(self, res: AttackResult, sit: Situation
                                 ) -> list[HPChange]: ...

        def _log_attack(self, kind: str, res: AttackResult, sit: Situation,
                        changes: list[HPChange], overridden: list[str]) -> int: ...

    def _eligible(self, provokes: list[Any]) -> list[Any]:
        """Provocations whose attacker still has an opportunity attack this round."""
        st = self._turn_view()
        out = []
        for p in provokes:
            if st.reactions.get(p.by, 0) < self._oa_cap(p.by):
                out.append(p)
        return out

    def _oa_cap(self, token_id: str) -> int:
        """The rules' opportunity attacks per round, remembered per token object and system
        (the combatant is made from the token alone): previews ask at every drag square."""
        memo = self.__dict__.setdefault("_oa_cap_memo", {})
        tok, system = self.token(token_id), self.system
        hit = memo.get(token_id)
        if hit is None or hit[0] is not tok or hit[1] is not system:
            cap = system.opportunity_attacks_per_round(self.combatant(token_id))
            hit = memo[token_id] = (tok, system, cap)
        return hit[2]  # type: ignore[no-any-return]

    def _choose(self, provokes: list[Any], oa: OAMode,
                oa_choices: dict[str, OAChoice] | None) -> dict[str, OAChoice] | None:
        """Each provoker's fate; None when the GM must be asked first (oa="ask", no
        choices given). Provokers missing from `oa_choices` get `oa`'s default."""
        if oa == "ask" and provokes and oa_choices is None:
            return None
        default: OAChoice = "resolve" if oa == "resolve" else "skip"
        return {p.by: (oa_choices or {}).get(p.by, default) for p in provokes}

    def _resolve_oas(self, target: str, provokes: list[Any], chosen: dict[str, OAChoice],
                     out: Provoked, hp: list[HPChange], place: bool = False) -> None:
        """The chosen attacks in order, until one drops `target` (`out.stopped_early`);
        `place`: put the mover on the square it is leaving first (a move's attacks)."""
        for p in sorted(provokes, key=lambda p: p.step_index):
            if chosen.get(p.by) != "resolve":
                continue
            if place:
                self._replace_token(target, col=p.at[0], row=p.at[1])
            res, changes = self._opportunity_attack(p.by, target)
            out.opportunity_attacks.append(res)
            hp += changes
            if self.system.hp_state(self.combatant(target)) in DOWN_STATES:
                out.stopped_early = True
                return

    def _opportunity_attack(self, by: str, target: str) -> tuple[Any, list[HPChange]]:
        st = self.turn_state
        st.reactions[by] = st.reactions.get(by, 0) + 1
        self._set_turn(st)
        melee = [w for w in getattr(self.stats(by), "weapons", []) or [] if w.kind == "melee"]
        weapon = melee[0].name if melee else None
        geo = self.geo.with_token_at(target, *self.token(target).footprint_bounds()[:2])
        sit, _, _ = self.situation(by, target, weapon, "melee", geo=geo)
        sit.charging = False  # never the blow of a charge, whoever acts (000, 001 "Charge")
        res = self.system.resolve_attack(AttackRequest(
            attacker=self.roller(by, geo), target=self.roller(target, geo), weapon=weapon,
            situation=sit, round_number=max(1, self.round)), self.dice, self.options)
        hp = self._apply_attack_damage(res, sit)
        self._log_attack("opportunity_attack", res, sit, hp, [])
        return res, hp

    # -- actions that provoke -----------------------------------------------------------
    def action_provocations(self, actor_id: str, action: str, weapon: str | None = None,
                            kind: str | None = None) -> list[Any]:
        """The foes that would make an opportunity attack now if `actor_id` did `action`
        ("attack" or a manoeuvre's name) from where it stands: hostile, threatening a square
        of its space (the threat zones moves use), an attack left this round, and the rules
        say the action provokes them. Each with `why` (English) and `why_fr`."""
        from battlemap.geometry import Provocation, footprint_squares
        from battlemap.geometry.reach.threat_map import threat_map

        me = self.token(actor_id)
        space = footprint_squares(me)
        threats = threat_map(self.geo, actor_id, self.policy, self.threat_reach_m,
                             self.can_threaten, me.footprint_bounds())
        actor = self.combatant(actor_id)
        out = []
        for by in threats.threatening(space):
            why = self.system.action_provokes(actor, action, self.combatant(by), weapon, kind)
            if why:
                out.append(Provocation(by=by, at=space[0], step_index=0, why=str(why),
                                       why_fr=getattr(why, "fr", str(why))))
        return self._eligible(out)

    def _provoked(self, actor_id: str, action: str, weapon: str | None, kind: str | None,
                  oa: OAMode, oa_choices: dict[str, OAChoice] | None
                  ) -> tuple[Provoked, dict[str, OAChoice]]:
        """Before the command: who provokes and what the caller chose (needs_decision when
        the GM must be asked)."""
        provokes = self.action_provocations(actor_id, action, weapon, kind)
        chosen = self._choose(provokes, oa, oa_choices)
        return Provoked(needs_decision=chosen is None, provokes=provokes), chosen or {}

    def _suffer_provoked(self, actor_id: str, what: Said, gate: Provoked,
                         chosen: dict[str, OAChoice], forced: Iterable[int] = ()
                         ) -> list[HPChange]:
        """Inside the command, before the action: log who provoked and the choice, resolve
        the chosen attacks, and log that the action does not happen if they drop the actor
        (`gate.stopped_early`)."""
        if not gate.provokes:
            return []
        name = self.name_of(actor_id)
        fate = {"resolve": ("jouée", "rolled"), "skip": ("ignorée", "skipped")}
        parts = [(f"{self.name_of(p.by)} ({p.why_fr or p.why}) : {fate[chosen[p.by]][0]}",
                  f"{self.name_of(p.by)} ({p.why}): {fate[chosen[p.by]][1]}")
                 for p in gate.provokes]
        self._log("provoked",
                  f"{name} provoque des attaques d'opportunité ({what.fr}) : " + " ; ".join(fr for fr, _ in parts),
                  f"{name} provokes opportunity attacks ({what}): " + "; ".join(en for _, en in parts),
                  actor=actor_id, targets=[p.by for p in gate.provokes],
                  details={"opportunity": chosen})
        hp: list[HPChange] = []
        self.dice.force(forced)
        self._resolve_oas(actor_id, gate.provokes, chosen, gate, hp)
        if gate.stopped_early:
            down = said("log.down_before", name=name, what=what)
            self._log("provoked", down.fr, str(down), actor=actor_id)
        return hp

    def _ask_first(self, actor_id: str, what: Said, gate: Provoked) -> DecisionNeeded:
        names = ", ".join(self.name_of(p.by) for p in gate.provokes)
        return DecisionNeeded(said("refused.oa_decision", name=self.name_of(actor_id),
                                   what=what, names=names), gate.provokes)
