"""Commands that edit the map: tokens, walls, doors, terrain, options, grid."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from battlemap.engine.errors import EngineError
from battlemap.engine.option_words import option_changes, option_label, option_value
from battlemap.engine.shared_options import merged_rules, normalised
from battlemap.engine.words import edited_fields, joined, said, wall_kind
from battlemap.io.errors import problem_message
from battlemap.io.picture_check import art_file
from battlemap.io.picture_folder import art_name
from battlemap.model import EncounterOptions, Grid, MapImage, Terrain, Token, Wall

if TYPE_CHECKING:
    from battlemap.engine.state import State
    from battlemap.text import Message


def add_token(state: State, token: Token) -> Token:
    if any(t.id == token.id for t in state.encounter.tokens):
        raise EngineError(said("error.duplicate_id", id=token.id))
    state.validate_stats(token)
    with state.command(said("step.add_token", name=token.name)):
        state.encounter.tokens.append(token)
        state.check_placement()
        state.write_log("edit", said("log.added", name=token.name), actor=token.id)
    return token


def remove_token(state: State, token_id: str) -> None:
    tok = state.token(token_id)
    with state.command(said("step.remove_token", name=tok.name)):
        del state.encounter.tokens[state.index_of(token_id)]
        # An emanation rides its creature: it leaves the map with it (one undo step).
        state.encounter.templates[:] = [t for t in state.encounter.templates
                                       if t.token != token_id]
        st = state.turn_state
        if token_id in st.reactions or token_id in st.charging or token_id in st.delayed \
                or token_id in st.waiting_ids() or (st.paused and st.paused.token == token_id):
            st.without(token_id)
            state.set_turn(st)
        if token_id in st.ids():
            cur = st.current
            pos = st.ids().index(token_id)
            st.order.pop(pos)
            if pos < st.index or (pos == st.index and pos == len(st.order)):
                st.index = max(0, st.index - 1) if pos < st.index else 0
            if not st.order:
                st.round = 0
            elif cur != token_id and cur is not None:
                st.index = st.ids().index(cur)
            state.set_turn(st)
        state.write_log("edit", said("log.removed", name=tok.name), actor=token_id)


def update_token(state: State, token_id: str, **fields: Any) -> Token:
    """Edit a token's fields (validated); moves through here are GM placements, not moves."""
    tok = state.token(token_id)
    if "id" in fields and fields["id"] != token_id:
        raise EngineError(said("error.id_fixed"))
    return _edit_token(state, tok, fields, said("step.edit_token", name=tok.name))


def _edit_token(state: State, tok: Token, fields: dict[str, Any], step: Message) -> Token:
    """`tok` with `fields` changed (validated), as one command named `step`, logged with the
    fields' names."""
    try:
        new = Token.model_validate({**tok.model_dump(), **fields})
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise EngineError(said("error.token_field", id=tok.id, where=where,
                               msg=problem_message(first, prefixed=True)), problem=first) from None
    state.validate_stats(new)
    with state.command(step):
        state.encounter.tokens[state.index_of(tok.id)] = new
        state.check_placement()
        names = edited_fields(fields)
        state.write_log("edit", said("log.edited", name=tok.name, fields=names),
                  actor=tok.id, details={"fields": sorted(fields)})
    return new


def set_token_art(state: State, token_id: str, picture: Path | str | None,
                  fit: str | None = None) -> Token:
    """Give a token a picture (None takes it away), one undo step. The picture is stored
    relative to the encounter's folder when it lies inside it (a relative `picture` is named
    from that folder, as in the file); `fit` ("disc" or "square"),
    when given, is how it sits in the square."""
    tok = state.token(token_id)
    # A relative name is the encounter folder's, as in the file (a fit changed alone).
    fields: dict[str, Any] = {
        "art": None if picture is None else art_name(art_file(str(picture), state.path),
                                                     state.path)}
    if fit is not None:
        fields["art_fit"] = fit
    step = "step.remove_art" if picture is None else "step.set_art"
    return _edit_token(state, tok, fields, said(step, name=tok.name))


def add_wall(state: State, wall: Wall) -> int:
    with state.command(said("step.add_wall", kind=wall_kind(wall.kind.value))):
        state.encounter.walls.append(wall)
    return len(state.encounter.walls) - 1


def remove_wall(state: State, index: int) -> None:
    _wall(state, index)
    with state.command(said("step.remove_wall")):
        del state.encounter.walls[index]


def set_door(state: State, index: int, open: bool) -> None:
    wall = _wall(state, index)
    if wall.kind.value == "wall":
        raise EngineError(said("error.plain_wall", i=index))
    if wall.open == open:
        return
    kind = wall_kind(wall.kind.value)
    # Named by where it is, not by its index in the file ("Porte 4 ouverte", said of a
    # window too): « Porte (10,6)–(10,7) ouverte ».
    (x0, y0), (x1, y1) = wall.points[0], wall.points[-1]
    ends = f"({x0:g},{y0:g})–({x1:g},{y1:g})"
    with state.command(said("step.open" if open else "step.close", kind=kind)):
        state.encounter.walls[index] = wall.model_copy(update={"open": open})
        state.write_log("edit", said("log.wall_edit", kind=kind, ends=ends,
                                     how=said("log.opened" if open else "log.closed")),
                        details={"wall": index, "open": open})


def set_terrain(state: State, squares: list[tuple[int, int]], on: bool) -> None:
    """Mark squares as difficult terrain (on) or clear them (off)."""
    wanted = {(int(c), int(r)) for c, r in squares}
    current = state.encounter.difficult_squares()
    new = (current | wanted) if on else (current - wanted)
    if new == current:
        return
    with state.command(said("step.terrain_on" if on else "step.terrain_off")):
        state.encounter.terrain[:] = [Terrain(squares=sorted(new))] if new else []


def set_options(state: State, **fields: Any) -> None:
    """EncounterOptions fields, and `rules=dict` merged into the system's options."""
    raw = normalised(fields, state.encounter.options)
    try:
        new = EncounterOptions.model_validate(raw)
        merged_rules(new, state.system.options_model)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise EngineError(said("error.option", where=where, msg=problem_message(first, prefixed=True)),
                          problem=first) from None
    if new == state.encounter.options:
        return
    changes = option_changes(state.encounter.options, new, state.system.options_model)
    line = said("log.options", what=joined(
        [said("log.option", label=option_label(n), old=option_value(n, a),
              new=option_value(n, b)) for n, a, b in changes])) if changes \
        else said("log.options_same")  # the same rules, written out
    with state.command(said("step.options")):
        state.encounter.__dict__["options"] = new
        state.write_log("edit", line, details={
            "options": new.model_dump(mode="json"),
            "changed": [{"option": n, "old": a, "new": b} for n, a, b in changes]})


def reset_explored(state: State) -> None:
    """Forget what the party has explored: the players' fog covers the map again outside
    what they see now (one undo step; undone, the memory comes back)."""
    n = len(state.encounter.explored)
    if not n:
        return
    with state.command(said("step.explored_reset")):
        state.encounter.__dict__["explored"] = []
        state.write_log("edit", said("log.explored_reset", n=n))


def set_grid(state: State, cols: int, rows: int, image: MapImage | None = None) -> None:
    try:
        grid = Grid(cols=cols, rows=rows, image=image)
    except ValidationError as err:
        first = err.errors()[0]
        raise EngineError(said("error.grid", msg=problem_message(first, prefixed=True)),
                          problem=first) from None
    with state.command(said("step.grid")):
        state.encounter.__dict__["grid"] = grid
        state.check_placement()


def _wall(state: State, index: int) -> Wall:
    if not 0 <= index < len(state.encounter.walls):
        raise EngineError(said("error.no_wall", i=index, n=len(state.encounter.walls)))
    return state.encounter.walls[index]
