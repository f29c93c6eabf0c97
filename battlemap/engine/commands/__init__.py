"""What a GM can do to an encounter, in one list: each command's id, the `Session` method
that runs it, the function it is (taking the session's `State` first) and one line saying
what it does. Every command is one undo step and notifies the change subscribers; the ones
that may need the GM's decision first return a `Decision` (see `battlemap.engine`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from battlemap.engine import surprise
from battlemap.engine.commands import (
    areas,
    attacks,
    conditions,
    map_edits,
    moves,
    spending,
    turns,
)
from battlemap.engine.files import persistence
from battlemap.engine.state import State


@dataclass(frozen=True)
class Command:
    id: str
    method: str  # its name on `Session`
    run: Callable[..., Any]
    about: str


COMMANDS: tuple[Command, ...] = (
    # -- creatures acting ---------------------------------------------------------------
    Command("move", "move", moves.move,
            "Move a token along a path (normal, step, withdraw, charge, run)"),
    Command("attack", "attack", attacks.attack, "Attack a target with a weapon"),
    Command("manoeuvre", "manoeuvre", attacks.manoeuvre,
            "Try a manoeuvre (trip, grapple, bull rush…) on a target"),
    Command("save", "save_throw", attacks.save_throw, "Roll a saving throw against a DC"),
    Command("damage", "damage", attacks.damage, "Deal damage to a token"),
    Command("heal", "heal", attacks.heal, "Restore a token's hit points"),
    Command("condition.add", "add_condition", conditions.add_condition,
            "Put a condition on a token (the system's default duration if none given)"),
    Command("condition.remove", "remove_condition", conditions.remove_condition,
            "Take a condition off a token"),
    Command("budget.spend", "spend", spending.spend,
            "Spend one slot of the acting creature's turn (bonus action…)"),
    # -- turns and initiative -----------------------------------------------------------
    Command("turn.initiative", "roll_initiative", turns.roll_initiative,
            "Roll initiative and begin combat"),
    Command("turn.surprise", "start_combat", surprise.start_combat,
            "Begin combat with some creatures surprised"),
    Command("turn.set_initiative", "set_initiative", turns.set_initiative,
            "Set a token's initiative score"),
    Command("turn.reorder", "move_in_order", turns.move_in_order,
            "Move a token to another place in the initiative order"),
    Command("turn.next", "next_turn", turns.next_turn, "End the turn and begin the next one"),
    Command("turn.delay", "delay", turns.delay,
            "The acting creature waits to act later (3.5 delay, 2bis hold), out of the order"),
    Command("turn.act_now", "act_now", turns.act_now,
            "A waiting creature acts now, before the creature whose turn it is"),
    # -- areas ------------------------------------------------------------------------------
    Command("area.place", "place_area", areas.place_area, "Place an area template"),
    Command("area.update", "update_area", areas.update_area, "Move or reshape an area template"),
    Command("area.remove", "remove_area", areas.remove_area, "Remove an area template"),
    Command("area.apply", "apply_area", areas.apply_area,
            "Apply an area's effect: one damage roll, a save per creature, its cover"),
    # -- the map ----------------------------------------------------------------------------
    Command("map.token.add", "add_token", map_edits.add_token, "Put a new token on the map"),
    Command("map.token.remove", "remove_token", map_edits.remove_token,
            "Take a token off the map"),
    Command("map.token.edit", "update_token", map_edits.update_token,
            "Edit a token's fields (a GM placement, not a move)"),
    Command("map.token.art", "set_token_art", map_edits.set_token_art,
            "Give a token a picture and its fit, or take it away"),
    Command("map.wall.add", "add_wall", map_edits.add_wall, "Draw a wall, door or window"),
    Command("map.wall.remove", "remove_wall", map_edits.remove_wall, "Erase a wall"),
    Command("map.door", "set_door", map_edits.set_door, "Open or close a door or window"),
    Command("map.terrain", "set_terrain", map_edits.set_terrain,
            "Mark or clear difficult terrain"),
    Command("map.grid", "set_grid", map_edits.set_grid, "Resize the grid, change its picture"),
    Command("map.explored.reset", "reset_explored", map_edits.reset_explored,
            "Forget what the party has explored (the players' fog)"),
    Command("options", "set_options", map_edits.set_options,
            "Change the encounter's options and the system's rules options"),
    # -- history and files ------------------------------------------------------------------
    Command("undo", "undo", State.undo, "Undo the last command"),
    Command("redo", "redo", State.redo, "Redo the last undone command"),
    Command("file.save", "save", persistence.save, "Save the encounter (atomic, with a backup)"),
    Command("file.autosave", "autosave_now", persistence.autosave_now,
            "Write a rotating autosave if something changed"),
)

BY_ID = {c.id: c for c in COMMANDS}

__all__ = ["BY_ID", "COMMANDS", "Command"]
