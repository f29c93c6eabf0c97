"""The adnd2bis RuleSystem: AD&D 2bis as the seed 001_dd346e63a171f715.txt gives it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from battlemap.model import Condition, Size
from battlemap.rules.adnd2bis import hp as _hp
from battlemap.rules.adnd2bis import presets as area_presets_data
from battlemap.rules.adnd2bis.attack import attacks_per_round, resolve_attack, stats_of
from battlemap.rules.adnd2bis.checks import ABILITIES
from battlemap.rules.adnd2bis.conditions import (
    NO_ACTION,
    condition_table,
    end_of_round,
    roll_duration,
    until_next_turn,
)
from battlemap.rules.adnd2bis.dying import bleed
from battlemap.rules.adnd2bis.economy import ECONOMY, manoeuvre_cost
from battlemap.rules.adnd2bis.exhaustion import on_gain, pending_loss
from battlemap.rules.adnd2bis.initiative import WAITING, initiative
from battlemap.rules.adnd2bis.manoeuvres import GRAPPLING, NAMES, ONE_ACTION, resolve_manoeuvre
from battlemap.rules.adnd2bis.movement import move_conditions, speed
from battlemap.rules.adnd2bis.objects import damage_token, object_state, repair_token
from battlemap.rules.adnd2bis.opportunity import disengage, oa_attacks, provokes
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.reactions import HOLDING
from battlemap.rules.adnd2bis.saves import CATEGORIES as SAVE_CATEGORIES
from battlemap.rules.adnd2bis.saves import resolve_save
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.surprise import SURPRISE
from battlemap.rules.adnd2bis.tables import NAME, SEED
from battlemap.rules.adnd2bis.words import MOVE_KINDS, PREFIX, note
from battlemap.rules.core.base import BaseSystem
from battlemap.rules.core.choices import AttackChoice, off_hand_choice
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
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.economy import Cost
from battlemap.rules.core.senses import Senses
from battlemap.rules.core.system import declare_words
from battlemap.text import Message

if TYPE_CHECKING:  # the geometry core loads numpy and shapely: only when measured
    from battlemap.geometry.policy import GeometryPolicy


def _opts(options: Any) -> Adnd2bisOptions:
    if isinstance(options, Adnd2bisOptions):
        return options
    return Adnd2bisOptions.model_validate(options or {})


class Adnd2bisSystem(BaseSystem):
    id = "adnd2bis"
    name = NAME
    seed = SEED
    geometry_module = "battlemap.rules.adnd2bis.geometry"
    words_module = "battlemap.rules.adnd2bis.words"
    stats_model = Adnd2bisStats
    options_model = Adnd2bisOptions
    economy = ECONOMY
    surprise = SURPRISE
    area_presets = area_presets_data.PRESETS
    presets_missing = area_presets_data.MISSING
    waiting = WAITING
    initiative_high_first = False  # d10, lowest first (001 "INITIATIVE")
    creatures_share_squares = True  # 001 "Positionnement en combat", with penalties
    ranged_attacks_flank = True  # 001 "Flanking": every attacker of a flanked target
    cover_effects = {"25": "+1 AC", "50": "+2 AC", "75": "+4 AC",
                     "90": "+5 AC and attacker disadvantage", "total": "cannot be targeted"}
    flanking_effect = "+2 to hit, rogues add sneak attack (001 \"Flanking\")"
    # 001, first bullet: « La notion d'avantage / désavantage … est ici introduite ».
    gm_advantage_source = seed_citation(SEED, NAME, "avantage / désavantage")

    def rerolls_initiative(self, options: Any) -> bool:
        """"tirée pour chaque participant à chaque nouveau round" (001 "INITIATIVE")."""
        return True

    def area_cover(self, corners_blocked: int) -> str:
        """001 "Modificateurs de Couverture": the share of the space hidden, by quarters."""
        return {1: "25", 2: "50", 3: "75"}[corners_blocked]

    def senses(self, stats: Any) -> Senses:
        """Infravision as the stat block gives it, in metres: the house rules (001) say nothing
        of it, so it counts as sight without light to its range."""
        return Senses(dark_m=stats.infravision_m,
                      source="001_dd346e63a171f715.txt is silent: the stat block's infravision")

    def geometry_for(self, options: Any) -> GeometryPolicy:
        """Option `creature_cover_cap` "50": what creatures alone hide counts up to 50 %
        (001 "Modificateurs de Couverture" makes no exception: docs/rules/adnd2bis.md#cover)."""
        if _opts(options).creature_cover_cap == "50":
            return self.geometry.model_copy(update={"creature_cover_max": "half"})
        return self.geometry

    def default_reach_m(self, size: Size, stats: Any) -> float:
        # The 2bis text gives no reach by size beyond "reach naturel de plus de 5'" (giants).
        weapons = getattr(stats, "weapons", None) or []
        melee = [w.reach_m for w in weapons if w.kind == "melee" and w.reach_m]
        return max(melee) if melee else super().default_reach_m(size, stats)

    def resolve_attack(self, req: AttackRequest, dice: Dice, options: Any) -> AttackResult:
        return resolve_attack(req, dice, _opts(options))

    def attack_choices(self, attacker: Combatant, target: Combatant, weapon: str | None,
                       options: Any) -> list[AttackChoice]:
        # The off-hand blow `resolve_attack` reads (−2/−4): any other melee weapon.
        s = stats_of(attacker)
        try:
            primary = s.weapon(weapon)
        except KeyError:
            return []
        others = [w.name for w in s.weapons if w.kind == "melee" and w is not primary]
        off = off_hand_choice(others if primary.kind == "melee" else [],
                              note("src_two_weapons"))
        return [off] if off else []

    def resolve_save(self, req: SaveRequest, dice: Dice, options: Any) -> SaveResult:
        return resolve_save(req, dice, _opts(options))

    def damage(self, target: Combatant, amount: int, dice: Dice, options: Any,
               kind: str = "lethal", critical: bool = False, melee: bool = False,
               parts: Sequence[DamagePart] | None = None) -> HPChange:
        if stats_of(target).is_object:
            return damage_token(target, amount)
        return _hp.damage(target, amount, kind, dice, parts)

    def heal(self, target: Combatant, amount: int, options: Any) -> HPChange:
        if stats_of(target).is_object:
            return repair_token(target, amount)
        return _hp.heal(target, amount)

    def hp_state(self, target: Combatant) -> str:
        return object_state(target) if stats_of(target).is_object else _hp.hp_state(target)

    def initiative(self, combatants: Sequence[Combatant], dice: Dice, options: Any,
                   round_number: int = 1) -> list[InitiativeEntry]:
        return initiative(combatants, dice, _opts(options), round_number)

    def conditions(self) -> dict[str, ConditionInfo]:
        declare_words(self)  # the labels are its words (a test's system may have put others)
        return condition_table()

    def default_duration(self, name: str, dice: Dice) -> Roll | None:
        return roll_duration(name, dice)

    def threatens(self, combatant: Combatant) -> bool:
        return super().threatens(combatant) and not stats_of(combatant).is_object and not any(
            combatant.has(n) for n in ("dying", "surprised", "disoriented", "fumbled"))

    def opportunity_attacks_per_round(self, combatant: Combatant) -> int:
        s = stats_of(combatant)
        return oa_attacks(s, attacks_per_round(s, 1))

    def attacks_per_round(self, combatant: Combatant) -> int:
        return attacks_per_round(stats_of(combatant), 1)

    def disengage(self, mover: Combatant, opponents: Sequence[Combatant], dice: Dice, *,
                  ally_in_place: bool, ally_unopposed: bool, ally_attacks: int,
                  opponent_attacks: int) -> Any:
        """001 "Opportunity Attacks et Désengagement": free with a fitting ally, else a
        check per opponent and nothing else this round."""
        return disengage(mover, opponents, dice, ally_in_place=ally_in_place,
                         ally_unopposed=ally_unopposed, ally_attacks=ally_attacks,
                         opponent_attacks=opponent_attacks)

    def moves_within_provoke(self, combatant: Combatant) -> bool:
        # 001 "Opportunity Attacks et Désengagement": Offensive Reflexes "confère la capacité
        # de déclencher des opportunity attacks pour de telles actions" (moving inside).
        return provokes("move_within", stats_of(combatant))[0]

    def action_provokes(self, actor: Combatant, action: str, by: Combatant,
                        weapon: str | None = None, kind: str | None = None) -> str | None:
        """001 "Opportunity Attacks et Désengagement": acting inside a zone of control,
        manoeuvres included, provokes nothing « sauf autre spécification »; "Grapple" and
        "Trip" each say « Déclenche une OA ». (Offensive Reflexes' « de telles actions »
        adds no other action of the map: its manoeuvres that are attacks are these two.)"""
        if action not in ("grapple", "trip"):
            return None
        _, why = provokes("grapple" if action == "grapple" else "trip", stats_of(by))
        return Message.of(f"{PREFIX}.provokes.in_zone", action=Message.of(
            f"{PREFIX}.action.{action}"), why=why)

    move_kind_ids = tuple(MOVE_KINDS)  # words.py

    def table_saves(self) -> frozenset[str]:
        """The saves whose number comes from the creature's own table, not from a DC the GM
        gives (001: d20 ≥ the creature's number per AD&D category; an ability save is against the GM's DC): the GM's pickers do not ask a DC for them."""
        return frozenset(SAVE_CATEGORIES)

    def save_kinds(self) -> dict[str, str]:
        # The categories of the saving-throw table, then a save on an ability ("JS de DEX").
        return {**SAVE_CATEGORIES, **ABILITIES}

    def damage_kinds(self) -> dict[str, str]:
        # The weapons' damage types (stats.py, 001 "sous l'eau": slashing/blunt); the text
        # gives creatures no resistance by type.
        return {"slashing": "tranchant", "piercing": "perforant", "blunt": "contondant"}

    def manoeuvres(self) -> list[str]:
        return list(NAMES)

    def move_conditions(self, combatant: Combatant, kind: str) -> list[Condition]:
        return move_conditions(kind)

    def resolve_manoeuvre(self, req: ManoeuvreRequest, dice: Dice, options: Any) -> ManoeuvreResult:
        return resolve_manoeuvre(req, dice, _opts(options))

    def manoeuvre_cost(self, name: str, actor: Combatant, options: Mapping[str, Any]
                       ) -> Cost | None:
        return manoeuvre_cost(name, actor, options)

    def turn_budget(self, combatant: Combatant, options: Any) -> TurnBudget:
        """One combat action + one move action (or two moves); 5' more when the move action
        is spent on something else (001 "Actions de mouvement et de combat")."""
        s = stats_of(combatant)
        if s.is_object or any(combatant.has(n) for n in NO_ACTION):
            return TurnBudget(slots={"combat": 0, "move": 0}, movement_m=0,
                              notes=[note("no_action")])
        v = speed(s, exhausted=combatant.has("exhausted"),
                  underwater=_opts(options).underwater).metres
        notes = [note("two_moves"), note("five_more")]
        slots = {"combat": 1, "move": 1, "five_foot_step": 1}
        if combatant.has(GRAPPLING):
            # 001 "Grapple": "déplacée par son assaillant à la moitié de la vitesse de celui-ci".
            v /= 2
            notes.append(note("grappling_moves"))
        grip = next((c for c in combatant.conditions if c.name == "grappled"), None)
        if grip is not None:
            # 001 "Grappled": speed 0, no bonus to it (so no 5' step either).
            v, slots["five_foot_step"] = 0.0, 0
            notes.append(note("grappled_speed"))
            if grip.level == ONE_ACTION:  # "only 1 action if grappler has relevant feat"
                slots["move"] = 0
                notes.append(note("grappled_feat"))
        if combatant.has("prone"):
            notes.append(note("prone_crawl"))
        if combatant.has("disoriented"):
            # 001 fumble 18: "lose next combat round (you can only execute 5' step)".
            return TurnBudget(slots={"combat": 0, "move": 0,
                                     "five_foot_step": slots["five_foot_step"]},
                              movement_m=v, notes=[note("disoriented_step")])
        if combatant.has(HOLDING):
            # 001 "Hold Action": "Aucune autre action ni mouvement n'est alors possible".
            return TurnBudget(slots={"combat": 0, "move": 0, "five_foot_step": 0}, movement_m=v,
                              notes=[note("holding_nothing")])
        return TurnBudget(slots=slots, movement_m=v, notes=notes)

    def condition_added(self, before: Combatant, cond: Condition, dice: Dice,
                        options: Any) -> HPChange | None:
        """What gaining `cond` costs at once (Exhausted: 50 % of max hp, non-lethal)."""
        return on_gain(before, cond, dice)

    def start_of_turn(self, combatant: Combatant, dice: Dice, options: Any) -> list[TurnEvent]:
        """Round-long states end, an Exhausted gained by hand takes its loss, the dying bleed."""
        return until_next_turn(combatant) + pending_loss(combatant, dice) + bleed(combatant)

    def end_of_round(self, combatants: Sequence[Combatant], dice: Dice,
                     options: Any) -> list[TurnEvent]:
        """A fumble ends with the round (001 "Fumbles")."""
        return end_of_round(combatants)


SYSTEM = Adnd2bisSystem()
