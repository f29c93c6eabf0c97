"""The dnd2024 RuleSystem: D&D 2024 as the seed glossary 003 and the standard rules say."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from battlemap.model import Size
from battlemap.rules.core.base import BaseSystem
from battlemap.rules.core.citation import seed_citation
from battlemap.rules.core.combat import (
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
    TurnEvent,
)
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.senses import Senses
from battlemap.rules.dnd2024 import (
    attack,
    dying,
    economy,
    hazards,
    hp,
    initiative,
    manoeuvres,
    monsters_5e,
    saves,
)
from battlemap.rules.dnd2024 import presets as area_presets_data
from battlemap.rules.dnd2024.combatants import stats_of
from battlemap.rules.dnd2024.conditions import CONDITIONS, condition_immunity, is_incapacitated
from battlemap.rules.dnd2024.economy import ECONOMY
from battlemap.rules.dnd2024.options import Dnd2024Options, coerce_options
from battlemap.rules.dnd2024.stats import ABILITY_FR, Dnd2024Stats
from battlemap.rules.dnd2024.surprise import SURPRISE
from battlemap.rules.dnd2024.tables import NAME, SEED
from battlemap.rules.dnd2024.words import DAMAGE_KINDS, MOVE_KINDS
from battlemap.text import Message

DEFAULT_REACH_M = 1.5  # "Toute créature est dotée d'une allonge de 1.50 m" (003 "Allonge")


class Dnd2024System(BaseSystem):
    id = "dnd2024"
    name = NAME
    seed = SEED
    geometry_module = "battlemap.rules.dnd2024.geometry"
    words_module = "battlemap.rules.dnd2024.words"
    stats_model = Dnd2024Stats
    options_model = Dnd2024Options
    economy = ECONOMY
    surprise = SURPRISE
    area_presets = area_presets_data.PRESETS
    presets_missing = area_presets_data.MISSING
    waiting = initiative.WAITING
    attack_reads_invisible = True  # advantage.py: Invisible gives Advantage / Disadvantage
    cover_effects = {"half": "+2 AC and Dex saves (003 \"L'abri\")",
                     "three_quarters": "+5 AC and Dex saves (003 \"L'abri\")",
                     "total": "cannot be targeted directly (003 \"L'abri\")"}
    flanking_effect = "advantage (2024 option)"
    gm_advantage_source = seed_citation(SEED, NAME, "Avantage")

    def senses(self, stats: Any) -> Senses:
        """Darkvision as the stat block gives it, in metres: the glossary (003) has no entry
        for it, so a creature sees its range without light and nothing more."""
        return Senses(dark_m=stats.darkvision_m,
                      source="003_04e386f09d3dfd89.txt is silent: the stat block's darkvision")

    def foreign_creature(self, data: Any) -> dict[str, Any] | None:
        """A 5e monster in the 5e-database or Open5e layout (monsters_5e.py)."""
        if not monsters_5e.is_5e_monster(data):
            return None
        return monsters_5e.entry_from_5e(data, tuple(self.damage_kinds()))

    def default_reach_m(self, size: Size, stats: Any) -> float:
        """1.5 m whatever the size, unless the stats or a melee weapon say more."""
        st = stats if isinstance(stats, Dnd2024Stats) else Dnd2024Stats.model_validate(stats or {})
        if st.reach_m is not None:
            return st.reach_m
        reaches = [w.reach_m for w in st.weapons if w.kind == "melee" and w.reach_m is not None]
        return max(reaches, default=DEFAULT_REACH_M)

    def resolve_attack(self, req: AttackRequest, dice: Dice, options: Any) -> AttackResult:
        return attack.resolve_attack(req, dice, coerce_options(options))

    def resolve_save(self, req: SaveRequest, dice: Dice, options: Any) -> SaveResult:
        return saves.resolve_save(req, dice, coerce_options(options))

    def damage(self, target: Combatant, amount: int, dice: Dice, options: Any,
               kind: str = "lethal", critical: bool = False, melee: bool = False,
               parts: Sequence[DamagePart] | None = None) -> HPChange:
        """`kind` is a damage type (fire…) for resistances, or "nonlethal" to knock out;
        `parts`, a blow's typed parts, each met by its own resistance."""
        return hp.damage(target, amount, coerce_options(options), kind, critical, melee, parts)

    def heal(self, target: Combatant, amount: int, options: Any) -> HPChange:
        return hp.heal(target, amount)

    def hp_state(self, target: Combatant) -> str:
        return hp.hp_state(target)

    def initiative(self, combatants: Sequence[Combatant], dice: Dice, options: Any,
                   round_number: int = 1) -> list[InitiativeEntry]:
        return initiative.initiative(combatants, dice, coerce_options(options))

    def conditions(self) -> dict[str, ConditionInfo]:
        return dict(CONDITIONS)

    def condition_immunity(self, combatant: Combatant, condition: str) -> Message | None:
        return condition_immunity(combatant, condition)

    def threatens(self, combatant: Combatant) -> bool:
        """Opportunity attacks take a reaction: none while Incapacitated or dead."""
        return not (is_incapacitated(combatant) or hp.hp_state(combatant) == "dead")

    def opportunity_attacks_per_round(self, combatant: Combatant) -> int:
        return 1 if self.threatens(combatant) else 0

    move_kind_ids = tuple(MOVE_KINDS)  # words.py

    def save_kinds(self) -> dict[str, str]:
        return {str(a): name for a, name in ABILITY_FR.items()}  # 003: one of six abilities

    def damage_kinds(self) -> dict[str, str]:
        return dict(DAMAGE_KINDS)  # words.py

    def manoeuvres(self) -> list[str]:
        return list(manoeuvres.MANOEUVRES)

    def resolve_manoeuvre(self, req: ManoeuvreRequest, dice: Dice, options: Any) -> ManoeuvreResult:
        return manoeuvres.resolve_manoeuvre(req, dice, coerce_options(options))

    def turn_budget(self, combatant: Combatant, options: Any) -> TurnBudget:
        return economy.turn_budget(combatant)

    def start_of_turn(self, combatant: Combatant, dice: Dice, options: Any) -> list[TurnEvent]:
        """Burning first (damage at 0 hp is a failed death save), then the death save."""
        opts = coerce_options(options)
        events: list[TurnEvent] = []
        fire = hazards.burning(combatant, dice, opts)
        if fire is not None:
            events.append(fire)
            if fire.hp is not None:
                combatant = hp.apply_hp_change(combatant, fire.hp)
        save = dying.death_save(combatant, dice, opts)
        if save is not None:
            events.append(save)
        return events

    def falling(self, combatant: Combatant, height_m: float, dice: Dice, options: Any,
                into_liquid_check_passed: bool = False) -> hazards.FallResult:
        return hazards.falling(combatant, height_m, dice, coerce_options(options),
                               into_liquid_check_passed)

    def speed_m(self, combatant: Combatant) -> float:
        return economy.speed_m(combatant)

    def stats(self, combatant: Combatant) -> Dnd2024Stats:
        return stats_of(combatant)


SYSTEM = Dnd2024System()
