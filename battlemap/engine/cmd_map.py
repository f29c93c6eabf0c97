"""Commands that edit the map: tokens, walls, doors, terrain, options, grid."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from battlemap.engine.core import SessionCore
from battlemap.engine.errors import EngineError
from battlemap.engine.option_words import option_changes, option_label, option_value
from battlemap.engine.shared_options import merged_rules, normalised
from battlemap.engine.words import edited_fields, joined, said, wall_kind
from battlemap.model import EncounterOptions, Grid, MapImage, Terrain, Token, Wall
from battlemap.model.words import Said


class MapCommands(SessionCore):
    def add_token(self, token: Token) -> Token:
        if any(t.id == token.id for t in self.encounter.tokens):
            raise EngineError(said("error.duplicate_id", id=token.id))
        self.validate_stats(token)
        with self._command(said("step.add_token", name=token.name)):
            self.encounter.tokens.append(token)
            self._check_placement()
            self._log("edit", f"{token.name} ajouté", f"{token.name} added", actor=token.id)
        return token

    def remove_token(self, token_id: str) -> None:
        tok = self.token(token_id)
        with self._command(said("step.remove_token", name=tok.name)):
            del self.encounter.tokens[self._index(token_id)]
            # An emanation rides its creature: it leaves the map with it (one undo step).
            self.encounter.templates[:] = [t for t in self.encounter.templates
                                           if t.token != token_id]
            st = self.turn_state
            if token_id in st.reactions or token_id in st.charging or token_id in st.delayed:
                st.without(token_id)
                self._set_turn(st)
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
                self._set_turn(st)
            self._log("edit", f"{tok.name} retiré", f"{tok.name} removed", actor=token_id)

    def update_token(self, token_id: str, **fields: Any) -> Token:
        """Edit a token's fields (validated); moves through here are GM placements, not moves."""
        tok = self.token(token_id)
        if "id" in fields and fields["id"] != token_id:
            raise EngineError(said("error.id_fixed"))
        try:
            new = Token.model_validate({**tok.model_dump(), **fields})
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ()))
            raise EngineError(said("error.token_field", id=token_id, where=where,
                                   msg=str(first.get("msg"))), problem=first) from None
        self.validate_stats(new)
        with self._command(said("step.edit_token", name=tok.name)):
            self.encounter.tokens[self._index(token_id)] = new
            self._check_placement()
            names = edited_fields(fields)
            self._log("edit", f"{tok.name} modifié ({names.fr})", f"{tok.name} edited ({names})",
                      actor=token_id, details={"fields": sorted(fields)})
        return new

    def add_wall(self, wall: Wall) -> int:
        with self._command(said("step.add_wall", kind=wall_kind(wall.kind.value))):
            self.encounter.walls.append(wall)
        return len(self.encounter.walls) - 1

    def remove_wall(self, index: int) -> None:
        self._wall(index)
        with self._command(said("step.remove_wall")):
            del self.encounter.walls[index]

    def set_door(self, index: int, open: bool) -> None:
        wall = self._wall(index)
        if wall.kind.value == "wall":
            raise EngineError(said("error.plain_wall", i=index))
        if wall.open == open:
            return
        fr, en = ("ouverte", "opened") if open else ("fermée", "closed")
        kind = wall_kind(wall.kind.value)
        # Named by where it is, not by its index in the file ("Porte 4 ouverte", said of a
        # window too): « Porte (10,6)–(10,7) ouverte ».
        (x0, y0), (x1, y1) = wall.points[0], wall.points[-1]
        ends = f"({x0:g},{y0:g})–({x1:g},{y1:g})"
        with self._command(said("step.open" if open else "step.close", kind=kind)):
            self.encounter.walls[index] = wall.model_copy(update={"open": open})
            self._log("edit", f"{kind.fr.capitalize()} {ends} {fr}",
                      f"{kind.capitalize()} {ends} {en}", details={"wall": index, "open": open})

    def set_terrain(self, squares: list[tuple[int, int]], on: bool) -> None:
        """Mark squares as difficult terrain (on) or clear them (off)."""
        wanted = {(int(c), int(r)) for c, r in squares}
        current = self.encounter.difficult_squares()
        new = (current | wanted) if on else (current - wanted)
        if new == current:
            return
        with self._command(said("step.terrain_on" if on else "step.terrain_off")):
            self.encounter.terrain[:] = [Terrain(squares=sorted(new))] if new else []

    def set_options(self, **fields: Any) -> None:
        """EncounterOptions fields, and `rules=dict` merged into the system's options."""
        raw = normalised(fields, self.encounter.options)
        try:
            new = EncounterOptions.model_validate(raw)
            merged_rules(new, self.system.options_model)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ()))
            raise EngineError(said("error.option", where=where, msg=str(first.get("msg"))),
                              problem=first) from None
        if new == self.encounter.options:
            return
        changes = option_changes(self.encounter.options, new, self.system.options_model)
        line = said("log.options", what=joined(
            [said("log.option", label=option_label(n), old=option_value(n, a),
                  new=option_value(n, b)) for n, a, b in changes], "; ", " ; ")) if changes \
            else Said("Options changed", "Options modifiées")  # the same rules, written out
        with self._command(said("step.options")):
            self.encounter.__dict__["options"] = new
            self._log("edit", line.fr, str(line), details={
                "options": new.model_dump(mode="json"),
                "changed": [{"option": n, "old": a, "new": b} for n, a, b in changes]})

    def set_grid(self, cols: int, rows: int, image: MapImage | None = None) -> None:
        try:
            grid = Grid(cols=cols, rows=rows, image=image)
        except ValidationError as err:
            first = err.errors()[0]
            raise EngineError(said("error.grid", msg=str(first.get("msg"))),
                              problem=first) from None
        with self._command(said("step.grid")):
            self.encounter.__dict__["grid"] = grid
            self._check_placement()

    def _wall(self, index: int) -> Wall:
        if not 0 <= index < len(self.encounter.walls):
            raise EngineError(said("error.no_wall", i=index, n=len(self.encounter.walls)))
        return self.encounter.walls[index]
