"""The breche35 RuleSystem: D&D 3.5 as Brèche uses it (seed 000_d623f1b22a06cede.txt)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from battlemap.model import Condition, Size
from battlemap.rules.breche35 import (
    attack,
    dying,
    grapple,
    hp,
    initiative,
    manoeuvres,
    provoking,
    saves,
)
from battlemap.rules.breche35 import presets as area_presets_data
from battlemap.rules.breche35.conditions import NO_ACTION, NO_THREAT, condition_table
from battlemap.rules.breche35.economy import ECONOMY
from battlemap.rules.breche35.effects import ability_modifiers, speed_factor, stats_of
from battlemap.rules.breche35.movement import move_barred_by, move_conditions
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.stats import Breche35Stats
from battlemap.rules.breche35.surprise import SURPRISE
from battlemap.rules.breche35.tables import NAME, NATURAL_REACH_M, SEED, has_feat
from battlemap.rules.breche35.words import MOVE_KINDS, condition_label, note
from battlemap.rules.core.base import BaseSystem
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
from battlemap.rules.core.system import declare_words

# States that last "until the next turn" of their creature (000 "Le round de combat").
_UNTIL_NEXT_TURN = ("flat_footed", "charging", "total_defense", "fighting_defensively")


def _opts(options: Any) -> Breche35Options:
    if isinstance(options, Breche35Options):
        return options
    return Breche35Options.model_validate(options or {})


class Breche35System(BaseSystem):
    id = "breche35"
    name = NAME
    seed = SEED
    geometry_module = "battlemap.rules.breche35.geometry"
    words_module = "battlemap.rules.breche35.words"
    stats_model = Breche35Stats
    options_model = Breche35Options
    economy = ECONOMY
    surprise = SURPRISE
    area_presets = area_presets_data.PRESETS
    presets_missing = area_presets_data.MISSING
    waiting = initiative.WAITING
    attack_reads_invisible = True  # attack_mods.py: the invisible attacker / unseen target
    cover_effects = {"partial": "+4 AC, +2 Reflex (000 \"Couverture partielle\")",
                     "total": "cannot be targeted (000 \"Couverture totale\")"}
    flanking_effect = "+2 melee (000 \"Tenaille\")"
    # The 3.5 circumstance bonus of favourable or unfavourable conditions; 000 has no line
    # for it, so it is the GM's to give.
    gm_circumstance = 2
    gm_circumstance_source = "D&D 3.5, Favorable and Unfavorable Conditions (000 is silent)"
    # 000 "Attaques d'opportunité" says only « on menace les cases à portée de son
    # allonge »: the 3.5 rule decides what a reach weapon reaches.
    reach_weapon_source = "D&D 3.5 SRD, Reach Weapons (000 \"Attaques d'opportunité\" is silent)"

    def senses(self, stats: Any) -> Senses:
        """000 "Capacités spéciales": « Vision dans le noir (x m) : voit sans lumière […]
        jusqu'à x mètres » and « Vision nocturne : voit deux fois plus loin qu'un humain dans
        la pénombre » (a light's radii doubled)."""
        return Senses(dark_m=stats.darkvision_m, light_factor=2.0 if stats.low_light_vision else 1.0,
                      source='000_d623f1b22a06cede.txt, "Capacités spéciales"')

    def default_reach_m(self, size: Size, stats: Any) -> float:
        """000 "Taille": tall creatures reach further than long ones from size G up."""
        body = stats.body if isinstance(stats, Breche35Stats) else \
            Breche35Stats.model_validate(stats or {}).body
        tall, long = NATURAL_REACH_M[size]
        return tall if body == "tall" else long

    def resolve_attack(self, req: AttackRequest, dice: Dice, options: Any) -> AttackResult:
        return attack.resolve_attack(req, dice, _opts(options))

    def resolve_save(self, req: SaveRequest, dice: Dice, options: Any) -> SaveResult:
        return saves.resolve_save(req, dice)

    def concentration(self, caster: Combatant, damage: int, spell_level: int, dice: Dice,
                      options: Any, ranks: int = 0) -> SaveResult:
        return saves.concentration(caster, damage, spell_level, dice, ranks)

    def damage(self, target: Combatant, amount: int, dice: Dice, options: Any,
               kind: str = "lethal", critical: bool = False, melee: bool = False,
               parts: Sequence[DamagePart] | None = None) -> HPChange:
        return hp.damage(target, amount, kind, parts)

    def heal(self, target: Combatant, amount: int, options: Any) -> HPChange:
        return hp.heal(target, amount)

    def hp_state(self, target: Combatant) -> str:
        return hp.hp_state(target)

    def initiative(self, combatants: Sequence[Combatant], dice: Dice, options: Any,
                   round_number: int = 1) -> list[InitiativeEntry]:
        return initiative.roll_initiative(combatants, dice)

    def combat_start_conditions(self) -> list[str]:
        """Everyone is flat-footed until they first act (000 "Le round de combat")."""
        return ["flat_footed"]

    def conditions(self) -> dict[str, ConditionInfo]:
        declare_words(self)  # the labels are its words (a test's system may have put others)
        return condition_table()

    def threatens(self, combatant: Combatant) -> bool:
        return not any(combatant.has(c) for c in NO_THREAT)

    def opportunity_attacks_per_round(self, combatant: Combatant) -> int:
        """Once per round; Attaques réflexes adds the Dex modifier (000 "Attaques
        d'opportunité")."""
        if not has_feat(stats_of(combatant).feats, "combat_reflexes"):
            return 1
        dex = sum(m.value for m in ability_modifiers(combatant, "dexterity", "check"))
        return 1 + max(0, dex)

    def action_provokes(self, actor: Combatant, action: str, by: Combatant,
                        weapon: str | None = None, kind: str | None = None) -> str | None:
        return provoking.action_provokes(actor, action, weapon, kind)

    move_kind_ids = tuple(MOVE_KINDS)  # words.py

    def area_cover(self, corners_blocked: int) -> str:
        """000 "Couverture": one degree short of total, partial."""
        return "partial"

    def save_kinds(self) -> dict[str, str]:
        return {sid: fr for sid, (_, _, fr) in saves.SAVES.items()}

    def damage_kinds(self) -> dict[str, str]:
        # 000 "Résistance à une énergie" (feu, froid, électricité, acide, son), then the
        # weapon types a RD x/type is about (damage.py ENERGIES, PHYSICAL).
        return {"fire": "feu", "cold": "froid", "electricity": "électricité", "acid": "acide",
                "sonic": "son", "slashing": "tranchant", "piercing": "perforant",
                "bludgeoning": "contondant"}

    def manoeuvres(self) -> list[str]:
        return ["bull_rush", "trip", "disarm", "grapple", "overrun", "coup_de_grace"]

    def resolve_manoeuvre(self, req: ManoeuvreRequest, dice: Dice, options: Any
                          ) -> ManoeuvreResult:
        o = _opts(options)
        match req.name:
            case "bull_rush":
                return manoeuvres.bull_rush(req, dice)
            case "trip":
                return manoeuvres.trip(req, dice, o)
            case "disarm":
                return manoeuvres.disarm(req, dice, o)
            case "overrun":
                return manoeuvres.overrun(req, dice)
            case "grapple":
                return grapple.grapple(req, dice)
            case "coup_de_grace":
                return grapple.coup_de_grace(req, dice, o.coup_de_grace_save)
        raise ValueError(f"unknown breche35 manoeuvre '{req.name}' "
                         f"({', '.join(self.manoeuvres())})")

    def turn_budget(self, combatant: Combatant, options: Any) -> TurnBudget:
        """Standard + move, or one full-round action; a 1.5 m step if no other movement."""
        factor, notes = speed_factor(combatant)
        speed = stats_of(combatant).speed_m * factor
        blocked = [condition_label(c) for c in sorted(NO_ACTION) if combatant.has(c)]
        if blocked:
            return TurnBudget(slots={}, movement_m=0.0, notes=[note("no_acting", conds=blocked)])
        if combatant.has("nauseated"):
            return TurnBudget(slots={"move": 1}, movement_m=speed,
                              notes=[note("nauseated_move"), *notes])
        if combatant.has("pinned"):
            return TurnBudget(slots={"standard": 1}, movement_m=0.0,
                              notes=[note("pinned_escape")])
        if combatant.has("staggered") or combatant.has("disabled"):
            notes.append(note("one_action"))
            if combatant.has("disabled"):
                notes.append(note("disabled_strenuous"))
            return TurnBudget(slots={"standard_or_move": 1, "five_foot_step": 1},
                              movement_m=speed, notes=notes)
        if combatant.has("fatigued") or combatant.has("exhausted"):
            notes.append(note("no_run_charge"))
        return TurnBudget(slots={"standard": 1, "move": 1, "full_round": 1, "five_foot_step": 1},
                          movement_m=speed,
                          notes=[note("full_round"), *notes])

    def move_barred_by(self, combatant: Combatant, kind: str) -> str | None:
        return move_barred_by(combatant, kind)

    def move_conditions(self, combatant: Combatant, kind: str) -> list[Condition]:
        return move_conditions(kind)

    def start_of_turn(self, combatant: Combatant, dice: Dice, options: Any) -> list[TurnEvent]:
        events = [TurnEvent(token=combatant.id, what=note("end_of", cond=condition_label(c)),
                            conditions_removed=[c])
                  for c in _UNTIL_NEXT_TURN if combatant.has(c)]
        tick = dying.dying_tick(combatant, dice, _opts(options))
        if tick is not None:
            events.append(tick)
        return events


SYSTEM = Breche35System()
