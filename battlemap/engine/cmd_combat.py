"""Combat commands: attacks (preview and resolved), manoeuvres, saves, damage, healing and
conditions. Each is one undo step and one log entry with every roll and modifier."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

from battlemap.engine.errors import EngineError, Refused
from battlemap.engine.provoke import OAChoice, OAMode, ProvokeCommands
from battlemap.engine.results import AttackOutcome, AttackPreview
from battlemap.engine.surprise import SurpriseCommands
from battlemap.engine.words import OUTCOME_WORDS, said
from battlemap.model.words import Said, french
from battlemap.rules.core.choices import AttackChoice, check_choices
from battlemap.rules.core.combat import (
    AttackRequest,
    AttackResult,
    HPChange,
    ManoeuvreRequest,
    ManoeuvreResult,
    SaveRequest,
    SaveResult,
    Situation,
)
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier

CHOICES = ("effect", "damage")
# The defender's choice on a manoeuvre: given, asked once the dice are rolled, or the default.
DefenderChoice = str | Callable[[ManoeuvreResult], str | None] | None


def _check_choice(picked: str) -> Literal["effect", "damage"]:
    if picked not in CHOICES:
        raise EngineError(said("error.defender_choice", picked=picked))
    return "effect" if picked == "effect" else "damage"


class CombatCommands(ProvokeCommands, SurpriseCommands):
    def preview_attack(self, attacker_id: str, target_id: str, weapon: str | None = None,
                       kind: str | None = None, extra: Iterable[Modifier] = (),
                       disabled: Iterable[str] = (),
                       options: dict[str, Any] | None = None) -> AttackPreview:
        """Remembered per state (PreviewMemo): a hover repeated on every mouse move costs
        nothing until a command changes the encounter. Treat the answer as read-only.
        `options`: the per-attack choices (`attack_choices`), as for `attack`."""
        extra, disabled = list(extra), list(disabled)
        chosen = self._chosen(attacker_id, target_id, weapon, options)
        key = ("attack", self.history.marker, attacker_id, target_id, weapon, kind,
               tuple(m.model_dump_json() for m in extra), tuple(disabled),
               tuple(sorted(chosen.items())))

        def compute() -> AttackPreview:
            found = self.situation(attacker_id, target_id, weapon, kind, extra, disabled)
            return self._preview(attacker_id, target_id, weapon, *found, options=chosen)

        return self._previews.get(key, compute)

    def preview_attacks(self, attacker_id: str, target_ids: list[str] | None = None,
                        weapon: str | None = None, kind: str | None = None
                        ) -> list[AttackPreview]:
        """Previews against several targets (default: every creature of another side), their
        cover measured in one batch: "who can I hit from here" while dragging."""
        me = self.token(attacker_id)
        ids = target_ids if target_ids is not None else [
            t.id for t in self.encounter.tokens if t.side != me.side]
        w = self.weapon(attacker_id, weapon)
        melee = (kind or ("melee" if w is None else w.kind)).startswith("melee")
        covers = self.covers(attacker_id, ids, melee)
        return [self._preview(attacker_id, tid, weapon,
                              *self.situation(attacker_id, tid, weapon, kind, cov=cov))
                for tid, cov in zip(ids, covers, strict=True)]

    def _preview(self, attacker_id: str, target_id: str, weapon: str | None, sit: Situation,
                 cov: Any, flank: Any, options: dict[str, Any] | None = None) -> AttackPreview:
        w = self.weapon(attacker_id, weapon)
        # The rules give modifiers and the target number; scratch dice keep ours untouched.
        res = self.system.resolve_attack(
            self._request(attacker_id, target_id, w, sit, options=options), Dice(0), self.options)
        first = res.attacks[0] if res.attacks else None
        legal, reason = True, ""
        if not sit.in_reach:
            legal, reason = False, said("preview.out_of_reach", d=float(sit.distance_m))
        elif sit.cover == "total":
            from battlemap.geometry.words import cover_name

            # Only the French names the system's own word ("abri total", "couverture…").
            legal, reason = False, said("preview.total_cover",
                                        total=cover_name("total", self.policy.cover_nouns, "fr"))
        lines = [x for x in (cov.explanation, getattr(flank, "explanation", "")) if x]
        lines_fr = [x for x in (getattr(cov, "explanation_fr", ""),
                                getattr(flank, "explanation_fr", "")) if x]
        return AttackPreview(
            attacker=attacker_id, target=target_id, weapon=getattr(w, "name", "") or "",
            kind=sit.kind, situation=sit, cover=cov, flanking=flank,
            modifiers=first.modifiers if first else [], dropped=first.dropped if first else [],
            target_number=first.target_number if first else 0,
            target_label=first.target_label if first else "",
            advantage=first.advantage if first else "normal",
            advantage_why=first.advantage_why if first else "",
            advantage_why_fr=first.advantage_why_fr if first else "", legal=legal, reason=reason,
            explanation=lines, reason_fr=french(reason), explanation_fr=lines_fr)

    def attack_choices(self, attacker_id: str, target_id: str,
                       weapon: str | None = None) -> list[AttackChoice]:
        """The per-attack choices the system offers here (a second weapon, finishing off…),
        for the attack panel and the CLI to ask."""
        w = self.weapon(attacker_id, weapon)
        return self.system.attack_choices(self.combatant(attacker_id), self.combatant(target_id),
                                          getattr(w, "name", None), self.options)

    def _chosen(self, attacker_id: str, target_id: str, weapon: str | None,
                options: dict[str, Any] | None) -> dict[str, Any]:
        """The GM's choices checked against what the system offers, in the rules' values."""
        if not options:
            return {}
        try:
            return check_choices(self.attack_choices(attacker_id, target_id, weapon), options)
        except ValueError as err:
            raise EngineError(said("error.sentence", problem=err.args[0])) from None

    def _request(self, attacker_id: str, target_id: str, weapon: Any, sit: Situation,
                 full_attack: bool = False, options: dict[str, Any] | None = None) -> AttackRequest:
        return AttackRequest(attacker=self.roller(attacker_id), target=self.roller(target_id),
                             weapon=getattr(weapon, "name", None), situation=sit,
                             full_attack=full_attack, round_number=max(1, self.round),
                             options=options or {})

    def attack(self, attacker_id: str, target_id: str, weapon: str | None = None,
               full_attack: bool = False, kind: str | None = None, forced: Iterable[int] = (),
               extra: Iterable[Modifier] = (), disabled: Iterable[str] = (),
               gm_override: bool = False, options: dict[str, Any] | None = None,
               oa: OAMode = "skip", oa_choices: dict[str, OAChoice] | None = None,
               oa_forced: Iterable[int] = ()) -> AttackOutcome:
        """`oa`: the opportunity attacks the attack provokes (provoke.py), rolled first with
        `oa_forced` dice; "skip" unless asked (the GUI asks: needs_decision, nothing
        rolled). `forced` stays the attack's own dice."""
        w = self.weapon(attacker_id, weapon)
        options = self._chosen(attacker_id, target_id, weapon, options)
        sit, _, _ = self.situation(attacker_id, target_id, weapon, kind, extra, disabled)
        if not sit.in_reach and not gm_override:
            raise Refused(said("refused.out_of_reach", t=self.name_of(target_id),
                               a=self.name_of(attacker_id), d=float(sit.distance_m)))
        gate, chosen = self._provoked(attacker_id, "attack", weapon, sit.kind, oa, oa_choices)
        none = AttackResult(attacker=attacker_id, target=target_id)
        if gate.needs_decision:
            return AttackOutcome(result=none, situation=sit, **dict(gate))
        with self._command(said("step.attack", name=self.name_of(target_id))):
            oa_hp = self._suffer_provoked(attacker_id, said("what.attack"), gate, chosen,
                                          oa_forced)
            if gate.stopped_early:
                return AttackOutcome(result=none, situation=sit, hp_changes=oa_hp, **dict(gate))
            st = self.turn_state
            base = self.base_budget(attacker_id) if st.current == attacker_id else None
            overridden = [] if sit.in_reach else ["out of reach"]
            groups = self.economy.full_attack if full_attack else (self.economy.attack,)
            if self._charge_blow(st, attacker_id, full_attack):
                groups = ()  # 000 "Charge": the full-round charge includes this one attack
            for group in groups:
                if base is not None:
                    why = self._take(st, attacker_id, base, group, gm_override,
                                     said("what.attack"))
                    overridden += [why] if why else []
            self._set_turn(st)
            self.dice.force(forced)
            res = self.system.resolve_attack(
                self._request(attacker_id, target_id, w, sit, full_attack, options),
                self.dice, self.options)
            changes = self._apply_attack_damage(res, sit)
            log_id = self._log_attack("attack", res, sit, changes, overridden)
        return AttackOutcome(result=res, situation=sit, hp_changes=oa_hp + changes,
                             log_id=log_id, override=bool(overridden), **dict(gate))

    def _apply_attack_damage(self, res: AttackResult, sit: Situation) -> list[HPChange]:
        """Every attack that carries damage deals it, whatever its outcome: the systems only
        attach damage when it lands (pmt: "Un coup raté inflige quand même 1 dommage", 004).
        The damage type goes to the system (resistances, DR, nonlethal)."""
        changes = []
        for a in res.attacks:
            if a.damage is not None and a.damage.total > 0:
                hp = self.system.damage(self.combatant(res.target), a.damage.total, self.dice,
                                        self.options, kind=a.damage.kind or "lethal",
                                        critical=a.outcome == "critical",
                                        melee=sit.kind.startswith("melee"))
                self._apply_hp(hp)
                changes.append(hp)
        for a in res.attacks:  # then what the attack did to the attacker (2bis fumbles):
            # the hurt first, since it causes the conditions ("2d6 et inconscient", 001)
            for hurt in a.self_damage:
                hp = self.system.damage(self.combatant(res.attacker), hurt.total, self.dice,
                                        self.options, kind=hurt.kind or "lethal")
                self._apply_hp(hp)
                changes.append(hp)
            for cond in a.self_conditions:
                self._set_condition(res.attacker, cond)
        return changes

    def _log_attack(self, kind: str, res: AttackResult, sit: Situation, changes: list[HPChange],
                    overridden: list[str]) -> int:
        a, t = self.name_of(res.attacker), self.name_of(res.target)
        outs_fr = ", ".join(OUTCOME_WORDS["fr"].get(x.outcome, x.outcome) for x in res.attacks)
        outs_en = ", ".join(OUTCOME_WORDS["en"].get(x.outcome, x.outcome) for x in res.attacks)
        dmg = sum(c.before - c.after for c in changes if c.before is not None
                  and c.after is not None and c.token == res.target)
        w = f" ({res.weapon})" if res.weapon else ""
        label_fr = "Attaque d'opportunité" if kind == "opportunity_attack" else "Attaque"
        label_en = "Opportunity attack" if kind == "opportunity_attack" else "Attack"
        fr = f"{label_fr} : {a} → {t}{w} : {outs_fr}" + (f", {dmg} dégâts" if dmg else "")
        en = f"{label_en}: {a} → {t}{w}: {outs_en}" + (f", {dmg} damage" if dmg else "")
        if overridden:
            fr += " (décision du MJ)"
            en += " (GM override)"
        return self._log(kind, fr, en, actor=res.attacker, targets=[res.target], details={
            # The French reading of advantage is kept for the log (JSON excludes `_fr`).
            "attacks": [{**x.model_dump(mode="json"), "advantage_why_fr": x.advantage_why_fr}
                        for x in res.attacks], "notes": res.notes,
            "situation": sit.model_dump(mode="json"),
            "hp": [c.model_dump(mode="json") for c in changes],
            "override": "; ".join(overridden) or None})

    def preview_manoeuvre(self, name: str, attacker_id: str, target_id: str,
                          extra: Iterable[Modifier] = (), disabled: Iterable[str] = (),
                          **options: Any) -> ManoeuvreResult:
        """The manoeuvre rolled with scratch dice, nothing applied: the modifiers its rolls
        would carry (applied and dropped) for the attack panel's table. Rules with branches
        (a 3.5 trip's touch attack that misses) show the branch these dice take."""
        sit, weapon = self._manoeuvre_situation(name, attacker_id, target_id, extra, disabled,
                                                options)
        return self.system.resolve_manoeuvre(ManoeuvreRequest(
            name=name, attacker=self.roller(attacker_id), target=self.roller(target_id),
            situation=sit, options=options), Dice(0), self.options)

    def _manoeuvre_situation(self, name: str, attacker_id: str, target_id: str,
                             extra: Iterable[Modifier], disabled: Iterable[str],
                             options: dict[str, Any]) -> tuple[Situation, str | None]:
        """The situation of a manoeuvre, with the GM's edits as on an attack (the rules apply
        them to the author's rolls, core/gm_edits.py); `options` keeps the weapon."""
        if name not in self.system.manoeuvres():
            raise EngineError(said("error.not_manoeuvre", name=name, system=self.system.id,
                                   known=", ".join(self.system.manoeuvres())))
        weapon = options.pop("weapon", None)
        sit, _, _ = self.situation(attacker_id, target_id, weapon, extra=extra,
                                   disabled=disabled)
        if weapon is not None:
            options["weapon"] = weapon  # the rules read it too (flyby, counter-charge)
        return sit, weapon

    def manoeuvre(self, name: str, attacker_id: str, target_id: str, forced: Iterable[int] = (),
                  gm_override: bool = False, defender_choice: DefenderChoice = None,
                  oa: OAMode = "skip", oa_choices: dict[str, OAChoice] | None = None,
                  oa_forced: Iterable[int] = (), extra: Iterable[Modifier] = (),
                  disabled: Iterable[str] = (), **options: Any) -> ManoeuvreResult:
        """`defender_choice`, when the system lets the defender choose (pmt normal hit):
        "effect" or "damage", or a function asked with the result once rolled (the map's
        dialog; None from it cancels the whole command). Not given: the effect happens, as
        the attacker declared it, and the log says it was the default. `oa` as for `attack`;
        "ask" raises DecisionNeeded when someone may attack, and an actor dropped by them
        does not try (its result says so in `notes`). `extra` / `disabled`: the GM's edits,
        as for `attack`, on the manoeuvre's rolls."""
        if isinstance(defender_choice, str):
            _check_choice(defender_choice)  # before any die is rolled
        sit, weapon = self._manoeuvre_situation(name, attacker_id, target_id, extra, disabled,
                                                options)
        cost = self.manoeuvre_cost(name, attacker_id, options)
        what = said("what.manoeuvre", name=Said(self.system.manoeuvre_label(name, "en"),
                                                self.system.manoeuvre_label(name, "fr")))
        gate, chosen = self._provoked(attacker_id, name, weapon, None, oa, oa_choices)
        if gate.needs_decision:
            raise self._ask_first(attacker_id, what, gate)
        with self._command(said("step.manoeuvre", what=what, name=self.name_of(target_id))):
            self._suffer_provoked(attacker_id, what, gate, chosen, oa_forced)
            if gate.stopped_early:
                note = said("note.not_tried", what=what)
                return ManoeuvreResult(name=name, success=False, notes=[str(note)],
                                       notes_fr=[note.fr])
            st = self.turn_state
            why = ""
            if st.current == attacker_id:
                base = self.base_budget(attacker_id)
                reasons = [self._take(st, attacker_id, base, group, gm_override, name)
                           for group in cost]
                why = "; ".join(r for r in reasons if r)
                self._set_turn(st)
                # What the author has moved this turn, for rules that look back on the move
                # (2bis: a plain drag the GM then declares as a charge, 001 "Charge").
                options.setdefault("moved_m", st.moved_m)
            self.dice.force(forced)
            res = self.system.resolve_manoeuvre(ManoeuvreRequest(
                name=name, attacker=self.roller(attacker_id), target=self.roller(target_id),
                situation=sit, options=options), self.dice, self.options)
            chose_fr = chose_en = ""
            if res.defender_chooses:
                chose_fr, chose_en = self._defender_chooses(res, defender_choice)
            self._apply_manoeuvre_conditions(res, attacker_id, target_id)
            if res.charge_blow and st.active and st.current == attacker_id:
                self._start_charge_blow(st, attacker_id)  # as a move dragged as a charge
                self._set_turn(st)
            changes = []
            if res.damage is not None and res.damage.total > 0:
                hp = self.system.damage(self.combatant(target_id), res.damage.total, self.dice,
                                        self.options, kind=res.damage.kind or "lethal",
                                        melee=True)
                self._apply_hp(hp)
                changes.append(hp)
            ok_fr, ok_en = ("réussi", "success") if res.success else ("raté", "failure")
            a, t = self.name_of(attacker_id), self.name_of(target_id)
            label_fr, label_en = (self.system.manoeuvre_label(name, la) for la in ("fr", "en"))
            self._log("manoeuvre", f"{a} tente {label_fr} contre {t} : {ok_fr}{chose_fr}",
                      f"{a} tries {label_en} on {t}: {ok_en}{chose_en}", actor=attacker_id,
                      targets=[target_id],
                      details={"rolls": [r.model_dump(mode="json") for r in res.rolls],
                               "modifiers": [m.model_dump(mode="json") for m in res.modifiers],
                               "dropped": [m.model_dump(mode="json") for m in res.dropped],
                               "effects": res.effects, "outcome_notes": res.notes, "hp": [c.model_dump(mode="json")
                                                             for c in changes],
                               "defender_choice": res.defender_choice,
                               "override": why or None})
        return res

    @staticmethod
    def _defender_chooses(res: ManoeuvreResult, choice: DefenderChoice) -> tuple[str, str]:
        """Keep exactly one of the effect and the damage; the log's words for the choice."""
        picked = choice(res) if callable(choice) else (choice or "effect")
        if picked is None:
            raise EngineError(said("error.no_choice"))
        res.defender_choice = _check_choice(picked)
        dmg = res.damage.total if res.damage else 0
        if picked == "effect":
            res.damage = None
            fr, en = f", le défenseur laisse « {res.name} » s'effectuer", \
                f", the defender lets {res.name} happen"
        else:
            res.conditions_added, res.push_m = {}, None
            fr, en = f", le défenseur subit {dmg} dommages", f", the defender takes {dmg} damage"
        if choice is None:
            fr, en = fr + " (par défaut)", en + " (default)"
        res.effects.append(fr.removeprefix(", "))
        return fr, en

    def save_throw(self, token_id: str, ability: str, dc: int, forced: Iterable[int] = (),
                   situation: Situation | None = None) -> SaveResult:
        with self._command(said("step.save", name=self.name_of(token_id))):
            self.dice.force(forced)
            res = self.system.resolve_save(SaveRequest(
                token=self.roller(token_id), ability=ability, dc=dc,
                situation=situation or Situation()), self.dice, self.options)
            name = self.name_of(token_id)
            ok_fr, ok_en = ("réussi", "success") if res.success else ("raté", "failure")
            self._log("save", f"{name} : jet de sauvegarde {ability} DD {dc} : {res.total}, {ok_fr}",
                      f"{name}: {ability} save DC {dc}: {res.total}, {ok_en}", actor=token_id,
                      details={"saves": [res.model_dump(mode="json")]})
        return res

    def damage(self, token_id: str, amount: int, kind: str = "lethal") -> HPChange:
        if amount < 0:
            raise EngineError(said("error.negative_damage"))
        with self._command(said("step.damage", name=self.name_of(token_id))):
            hp = self.system.damage(self.combatant(token_id), amount, self.dice, self.options,
                                    kind=kind)
            self._apply_hp(hp)
            self._log_hp("damage", hp, f"subit {amount} dégâts", f"takes {amount} damage")
        return hp

    def heal(self, token_id: str, amount: int) -> HPChange:
        if amount < 0:
            raise EngineError(said("error.negative_heal"))
        with self._command(said("step.heal", name=self.name_of(token_id))):
            hp = self.system.heal(self.combatant(token_id), amount, self.options)
            self._apply_hp(hp)
            self._log_hp("heal", hp, f"récupère {amount} PV", f"heals {amount} HP")
        return hp

    def _log_hp(self, kind: str, hp: HPChange, fr: str, en: str) -> None:
        name = self.name_of(hp.token)
        self._log(kind, f"{name} {fr} ({hp.before} → {hp.after}, {hp.state_after})",
                  f"{name} {en} ({hp.before} → {hp.after}, {hp.state_after})", actor=hp.token,
                  details={"hp": [hp.model_dump(mode="json")]})
