"""The pmt RuleSystem: Portes, Monstres & Trésors as the seed 004_49216c8abfe9f777.txt gives it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from battlemap.rules.core.base import BaseSystem
from battlemap.rules.core.choices import AttackChoice
from battlemap.rules.core.combat import (
    AreaEffectRequest,
    AreaEffectResult,
    AttackRequest,
    AttackResult,
    Combatant,
    ConditionInfo,
    DamagePart,
    HPChange,
    InitiativeEntry,
    ManoeuvreRequest,
    ManoeuvreResult,
    SaveRequest,
    SaveResult,
    TurnBudget,
)
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.system import declare_words
from battlemap.rules.pmt import ac
from battlemap.rules.pmt import hp as _hp
from battlemap.rules.pmt import presets as area_presets_data
from battlemap.rules.pmt.attack import attack_choices, resolve_attack, stats_of
from battlemap.rules.pmt.conditions import NO_ATTACK, condition_table
from battlemap.rules.pmt.economy import ECONOMY
from battlemap.rules.pmt.initiative import WAITING, initiative
from battlemap.rules.pmt.manoeuvres import resolve_manoeuvre
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.saves import CATEGORIES as SAVE_CATEGORIES
from battlemap.rules.pmt.saves import resolve_save, spell_failure
from battlemap.rules.pmt.stats import PmtStats
from battlemap.rules.pmt.surprise import SURPRISE
from battlemap.rules.pmt.tables import NAME, SEED, src
from battlemap.rules.pmt.words import MOVE_KINDS, note
from battlemap.text import Message

# A minion that saves against an area (004 "Sbires" is silent on it: the project's default).
MINION_SAVED = note("minion_saved", src=src("Sbires"))


def _opts(options: Any) -> PmtOptions:
    return options if isinstance(options, PmtOptions) else PmtOptions.model_validate(options or {})


class PmtSystem(BaseSystem):
    id = "pmt"
    name = NAME
    seed = SEED
    geometry_module = "battlemap.rules.pmt.geometry"
    words_module = "battlemap.rules.pmt.words"
    stats_model = PmtStats
    options_model = PmtOptions
    economy = ECONOMY
    surprise = SURPRISE
    area_presets = area_presets_data.PRESETS
    presets_missing = area_presets_data.MISSING
    waiting = WAITING
    defeated_conditions = frozenset({"dead", "out"})  # 004 "Sbires": a minion out stays out
    cover_effects = {"half": "-2 to the attack roll (default)",
                     "three_quarters": "-4 to the attack roll (default)",
                     "total": "cannot be targeted"}
    flanking_effect = "+2 to hit (pmt option)"

    def rerolls_initiative(self, options: Any) -> bool:
        """The side initiative option: a d6 per side each round (B/X)."""
        return _opts(options).side_initiative

    def resolve_attack(self, req: AttackRequest, dice: Dice, options: Any) -> AttackResult:
        return resolve_attack(req, dice, _opts(options))

    def attack_choices(self, attacker: Combatant, target: Combatant, weapon: str | None,
                       options: Any) -> list[AttackChoice]:
        return attack_choices(attacker, target, weapon)

    def spell_failure(self, combatant: Combatant, dice: Dice, options: Any) -> Any:
        """004 "Le port d'une armure gêne la gestuelle": d100 against the armour's penalty."""
        return spell_failure(stats_of(combatant), dice, _opts(options))

    def resolve_save(self, req: SaveRequest, dice: Dice, options: Any) -> SaveResult:
        return resolve_save(req, dice, _opts(options))

    def area_effect(self, req: AreaEffectRequest, dice: Dice, options: Any) -> AreaEffectResult:
        """As every system's, but a minion is out on "une attaque réussie contre eux" (004
        "Sbires") and an area's half damage would drop it all the same: the project's default
        where the seed is silent (README "At the table") reads a minion's successful save as
        the effect not reaching it (no damage, it stays up), a failed one as a hit."""
        out = super().area_effect(req, dice, options)
        if not _opts(options).minions:
            return out
        minions = {who.id for who, _ in req.targets if stats_of(who).minion}
        for res in out.targets:
            if res.token in minions and res.save is not None and res.save.success:
                res.damage = 0
                res.notes = [MINION_SAVED]
        return out

    def damage(self, target: Combatant, amount: int, dice: Dice, options: Any,
               kind: str = "lethal", critical: bool = False, melee: bool = False,
               parts: Sequence[DamagePart] | None = None) -> HPChange:
        return _hp.damage(target, amount, kind, parts)

    def heal(self, target: Combatant, amount: int, options: Any) -> HPChange:
        return _hp.heal(target, amount)

    def long_rest(self, target: Combatant) -> HPChange:
        return _hp.long_rest(target)

    def ac_display(self, stats: Any, options: Any) -> Message:
        s = stats if isinstance(stats, PmtStats) else PmtStats.model_validate(stats or {})
        return ac.ac_display(s, _opts(options))

    def hp_state(self, target: Combatant) -> str:
        return _hp.hp_state(target)

    def initiative(self, combatants: Sequence[Combatant], dice: Dice, options: Any,
                   round_number: int = 1) -> list[InitiativeEntry]:
        return initiative(combatants, dice, _opts(options), round_number)

    def conditions(self) -> dict[str, ConditionInfo]:
        declare_words(self)  # the labels are its words (a test's system may have put others)
        return condition_table()

    def threatens(self, combatant: Combatant) -> bool:
        return super().threatens(combatant) and not any(
            combatant.has(n) for n in ("dying", "out"))

    def opportunity_attacks_per_round(self, combatant: Combatant) -> int:
        return 1  # only with the "leaving melee provokes" option (docs/rules/README.md#geometry-by-system)

    move_kind_ids = tuple(MOVE_KINDS)  # words.py

    def table_saves(self) -> frozenset[str]:
        """The saves whose number comes from the creature's own table, not from a DC the GM
        gives (004 B/X: d20 ≥ the number of the category on the creature's sheet): the GM's pickers do not ask a DC for them."""
        return frozenset(SAVE_CATEGORIES)

    def save_kinds(self) -> dict[str, str]:
        return dict(SAVE_CATEGORIES)

    def damage_kinds(self) -> dict[str, str]:
        # The weapons' damage types, kept in French (stats.py); 004 gives no resistance by type.
        return {"contondant": "contondant", "tranchant": "tranchant", "perforant": "perforant"}

    def manoeuvres(self) -> list[str]:
        return PmtOptions().manoeuvres

    def resolve_manoeuvre(self, req: ManoeuvreRequest, dice: Dice, options: Any) -> ManoeuvreResult:
        return resolve_manoeuvre(req, dice, _opts(options))

    def turn_budget(self, combatant: Combatant, options: Any) -> TurnBudget:
        s, o = stats_of(combatant), _opts(options)
        if any(combatant.has(n) for n in ("unconscious", "dying", "dead", "out")):
            return TurnBudget(slots={"move": 0, "attack": 0}, movement_m=0,
                              notes=[note("out")])
        attack = 0 if any(combatant.has(n) for n in NO_ATTACK) else 1
        notes = [note("posture_no_attack")] if combatant.has("defensive_posture") else []
        if o.casters_move:
            notes.append(note("casters_move"))
        return TurnBudget(slots={"move": 1, "attack": attack}, movement_m=s.speed_m, notes=notes)


SYSTEM = PmtSystem()
