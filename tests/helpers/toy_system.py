"""A small, fully deterministic rule system for testing the engine's mechanics (undo, log,
turns, budgets) apart from the four real systems, which have their own scripted tests.

Its rules: attack d20 + attack bonus vs AC (natural 20 critical ×2, natural 1 miss, total cover
no target), save d20 + save bonus vs DC, HP 0 disabled / below 0 dying (−1 a turn) / −10 dead,
initiative d20 + init high first (the 3.5 delay), the 3.5 action economy (standard, move, 1.5 m step), surprise
round and area cover; it plays on the 3.5 map (its id)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from battlemap.model import Condition
from battlemap.rules.breche35.economy import ECONOMY as B35_ECONOMY
from battlemap.rules.breche35.initiative import WAITING as B35_WAITING
from battlemap.rules.breche35.surprise import SURPRISE as B35_SURPRISE
from battlemap.rules.core.base import BaseSystem
from battlemap.rules.core.combat import (
    AttackRequest,
    AttackResult,
    Combatant,
    ConditionInfo,
    DamageResult,
    HPChange,
    InitiativeEntry,
    ManoeuvreRequest,
    ManoeuvreResult,
    SaveRequest,
    SaveResult,
    SingleAttack,
    TurnBudget,
    TurnEvent,
)
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.core.system import declare_words
from battlemap.text import Message


class ToyWeapon(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = "sword"
    kind: Literal["melee", "ranged"] = "melee"
    damage: str = "1d6"
    damage_type: str = "slashing"
    reach_m: float | None = None
    range_m: float | None = None


class ToyStats(BaseModel):
    model_config = ConfigDict(extra="forbid")
    max_hp: int = 10
    ac: int = 12
    attack: int = 2
    save: int = 0
    init: int = 0
    speed_m: float = 9.0
    weapons: list[ToyWeapon] = Field(default_factory=lambda: [ToyWeapon()])


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side_initiative: bool = False


def _state(hp: int | None) -> str:
    if hp is None or hp > 0:
        return "ok"
    if hp == 0:
        return "disabled"
    return "dead" if hp <= -10 else "dying"


class ToySystem(BaseSystem):
    id = "breche35"
    name = "toy"
    seed = "toy"
    geometry_module = "battlemap.rules.breche35.geometry"  # the toy measures as 3.5
    # Every kind the engine knows (the 3.5 economy's): the engine's mechanics are tested here.
    move_kind_ids = ("normal", "step", "withdraw", "charge", "run")
    stats_model = ToyStats
    options_model = ToyOptions
    economy = B35_ECONOMY
    surprise = B35_SURPRISE
    waiting = B35_WAITING
    attack_reads_invisible = True  # as the 3.5 whose map it plays on: no target_unseen

    def rerolls_initiative(self, options: Any) -> bool:
        return bool(options.side_initiative)

    def area_cover(self, corners_blocked: int) -> str:
        return "partial"

    def resolve_attack(self, req: AttackRequest, dice: Dice, options: Any) -> AttackResult:
        res = AttackResult(attacker=req.attacker.id, target=req.target.id, weapon=req.weapon or "")
        if req.situation.cover == "total":
            res.attacks.append(SingleAttack(outcome="no_target"))
            return res
        st: ToyStats = req.attacker.stats
        tst: ToyStats = req.target.stats
        weapon = next((w for w in st.weapons if w.name == req.weapon), st.weapons[0])
        mods = [Modifier(name="attack bonus", value=st.attack, source="toy")]
        if req.situation.flanked:
            mods.append(Modifier(name="flanking", value=2, source="toy"))
        mods += req.situation.extra
        n = 2 if req.full_attack else 1
        for i in range(n):
            roll = dice.d20(label=f"attack {i + 1}")
            total = roll.total + sum(m.value for m in mods)
            nat = roll.natural
            if nat == 20:
                outcome = "critical"
            elif nat == 1 or total < tst.ac:
                outcome = "miss"
            else:
                outcome = "hit"
            dmg = None
            if outcome != "miss":
                d = dice.roll(weapon.damage, label="damage")
                dmg = DamageResult(roll=d, total=d.total * (2 if outcome == "critical" else 1),
                                   kind=weapon.damage_type)
            res.attacks.append(SingleAttack(roll=roll, modifiers=mods, total=total,
                                            target_number=tst.ac, target_label=f"AC {tst.ac}",
                                            outcome=outcome, natural=nat, damage=dmg))
        return res

    def resolve_save(self, req: SaveRequest, dice: Dice, options: Any) -> SaveResult:
        roll = dice.d20(label="save")
        total = roll.total + req.token.stats.save
        return SaveResult(token=req.token.id, ability=req.ability, roll=roll, total=total,
                          dc=req.dc, success=total >= req.dc, natural=roll.natural)

    def damage(self, target: Combatant, amount: int, dice: Dice, options: Any,
               kind: str = "lethal", critical: bool = False, melee: bool = False,
               parts: Any = None) -> HPChange:
        before = target.hp
        after = (before or 0) - amount
        added = [Condition(name="dying")] if _state(after) == "dying" else []
        return HPChange(token=target.id, before=before, after=after, state_before=_state(before),
                        state_after=_state(after), conditions_added=added)

    def heal(self, target: Combatant, amount: int, options: Any) -> HPChange:
        after = min(target.stats.max_hp, (target.hp or 0) + amount)
        removed = ["dying"] if after > 0 and target.has("dying") else []
        return HPChange(token=target.id, before=target.hp, after=after,
                        state_before=_state(target.hp), state_after=_state(after),
                        conditions_removed=removed)

    def hp_state(self, target: Combatant) -> str:
        return _state(target.hp)

    def initiative(self, combatants: Sequence[Combatant], dice: Dice, options: Any,
                   round_number: int = 1) -> list[InitiativeEntry]:
        out = []
        for c in combatants:
            roll = dice.d20(label="initiative")
            out.append(InitiativeEntry(token=c.id, roll=roll, score=roll.total + c.stats.init))
        return sorted(out, key=lambda e: -e.score)

    def words(self) -> dict[str, dict[str, str]]:
        kinds = {"normal": ("move", "déplacement"), "step": ("step", "pas"),
                 "withdraw": ("withdraw", "retrait"), "charge": ("charge", "charge"),
                 "run": ("run", "course")}
        return {"en": {f"{self.id}.condition.prone": "prone",
                       **{f"{self.id}.move_kind.{k}": en for k, (en, _) in kinds.items()}},
                "fr": {f"{self.id}.condition.prone": "à terre",
                       **{f"{self.id}.move_kind.{k}": fr for k, (_, fr) in kinds.items()}}}

    def conditions(self) -> dict[str, ConditionInfo]:
        declare_words(self)  # its label is its own word, not the shipped system's
        return {"prone": ConditionInfo(name="prone", label=Message.of(f"{self.id}.condition.prone"),
                                       effects=[])}

    def manoeuvres(self) -> list[str]:
        return ["trip"]

    def resolve_manoeuvre(self, req: ManoeuvreRequest, dice: Dice, options: Any) -> ManoeuvreResult:
        a, d = dice.d20(label="attacker"), dice.d20(label="defender")
        ok = a.total > d.total
        added = {req.target.id: [Condition(name="prone")]} if ok else {}
        return ManoeuvreResult(name=req.name, success=ok, rolls=[a, d], conditions_added=added)

    def turn_budget(self, combatant: Combatant, options: Any) -> TurnBudget:
        return TurnBudget(slots={"standard": 1, "move": 1, "five_foot_step": 1},
                          movement_m=combatant.stats.speed_m)

    def start_of_turn(self, combatant: Combatant, dice: Dice, options: Any) -> list[TurnEvent]:
        if _state(combatant.hp) != "dying":
            return []
        after = (combatant.hp or 0) - 1
        hp = HPChange(token=combatant.id, before=combatant.hp, after=after,
                      state_before="dying", state_after=_state(after))
        return [TurnEvent(token=combatant.id, what="loses 1 HP (dying)", hp=hp)]


TOY = ToySystem()
