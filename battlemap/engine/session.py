"""The Session: everything a GM does to an encounter (docs/architecture.md#how-data-flows), as a thin front over
its `State`. Each method is a registered command (`engine.commands.COMMANDS`) or a query
(`engine.queries`, `engine.situations`), the same function, bound to this state."""

from __future__ import annotations

from pathlib import Path

from battlemap.engine import situations, surprise
from battlemap.engine.commands import (
    areas,
    attacks,
    conditions,
    map_edits,
    moves,
    provoke,
    spending,
    turns,
)
from battlemap.engine.files import persistence
from battlemap.engine.queries import budget as budgets
from battlemap.engine.queries import geometry, previews, routes, rulings, sight
from battlemap.engine.state import State


class Session(State):
    """See /work/briefs/engine_api.md for the contract the UI codes against."""

    # -- commands (registered in engine.commands) ----------------------------------------
    move = moves.move
    attack = attacks.attack
    manoeuvre = attacks.manoeuvre
    save_throw = attacks.save_throw
    damage = attacks.damage
    heal = attacks.heal
    add_condition = conditions.add_condition
    remove_condition = conditions.remove_condition
    spend = spending.spend
    roll_initiative = turns.roll_initiative
    start_combat = surprise.start_combat
    set_initiative = turns.set_initiative
    move_in_order = turns.move_in_order
    next_turn = turns.next_turn
    delay = turns.delay
    act_now = turns.act_now
    place_area = areas.place_area
    update_area = areas.update_area
    remove_area = areas.remove_area
    apply_area = areas.apply_area
    add_token = map_edits.add_token
    remove_token = map_edits.remove_token
    update_token = map_edits.update_token
    set_token_art = map_edits.set_token_art
    add_wall = map_edits.add_wall
    remove_wall = map_edits.remove_wall
    set_door = map_edits.set_door
    set_terrain = map_edits.set_terrain
    set_grid = map_edits.set_grid
    set_options = map_edits.set_options
    reset_explored = map_edits.reset_explored
    save = persistence.save
    autosave_now = persistence.autosave_now
    mark_dirty = persistence.mark_dirty

    # -- previews ---------------------------------------------------------------------------
    preview_move = previews.preview_move
    preview_route = routes.preview_route
    preview_attack = previews.preview_attack
    preview_attacks = previews.preview_attacks
    preview_manoeuvre = previews.preview_manoeuvre
    preview_area = previews.preview_area
    attack_choices = previews.attack_choices
    reaching_weapon = previews.reaching_weapon
    action_provocations = provoke.action_provocations
    plan_path = previews.plan_path

    # -- rulings asked apart from a command ---------------------------------------------
    save_situation = rulings.save_situation
    fall = rulings.fall
    spell_failure = rulings.spell_failure
    concentration = rulings.concentration
    engaged_by = rulings.engaged_by
    disengage = rulings.disengage
    charge_blow = rulings.charge_blow
    strict_refusal = rulings.strict_refusal
    manoeuvre_refusal = rulings.manoeuvre_refusal

    # -- the map for the rules ------------------------------------------------------------
    policy = property(geometry.policy)
    geo = property(geometry.geometry)
    roller = geometry.roller
    creatures_in_square = geometry.creatures_in_square
    reach_m = geometry.reach_m
    threat_reach_m = geometry.threat_reach_m
    can_threaten = geometry.can_threaten
    moves_within_provoke = geometry.moves_within_provoke
    threatened_squares = geometry.threatened_squares
    hp_state = geometry.hp_state
    weapon = situations.find_weapon
    gap_m = situations.gap_m
    situation = situations.situation
    flanked_targets = situations.flanked_targets
    flanking = situations.flanking_ruling
    covers = situations.covers
    cover_levels = situations.cover_levels
    drag_cover = situations.drag_cover
    template = areas.find_template
    party_sight = sight.party_sight
    senses = sight.senses

    # -- budgets and turns ----------------------------------------------------------------
    economy = property(budgets.economy)
    base_budget = budgets.base_budget
    budget = budgets.budget
    speed_m = budgets.speed_m
    manoeuvre_cost = budgets.manoeuvre_cost
    high_first = property(turns.high_first)
    reroll_each_round = property(turns.reroll_each_round)
    surprise_rule = property(surprise.surprise_rule)

    # -- files ----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | str, seed: int | None = None) -> Session:
        """Load, migrate and validate a file into a new session (LoadError with one sentence
        on any problem); the caller's current session is untouched until this returns."""
        from battlemap.engine.files.migrate import load_current
        from battlemap.io.leftovers import remove_leftovers

        session = cls(load_current(path), seed=seed, path=path)
        remove_leftovers(Path(path).parent, Path(path).name)  # a killed save's temporaries
        return session

    @classmethod
    def open_recovery(cls, path: Path | str, autosave_path: Path | str,
                      seed: int | None = None) -> Session:
        """Open an autosave (see `files.autosave.find_recovery`) as the encounter at `path`,
        unsaved: the GM decides whether to save it over the file."""
        from battlemap.engine.files.migrate import load_current

        session = cls(load_current(autosave_path), seed=seed, path=path)
        session.mark_dirty()  # nothing on disk matches this state yet
        return session
