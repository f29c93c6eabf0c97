"""Area templates: place / move / remove (undoable), preview, and apply an effect (one damage
roll, a save per token with its cover from the origin, half on success)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from battlemap.engine.cmd_move import MoveCommands
from battlemap.engine.errors import EngineError
from battlemap.engine.log_text import state_word
from battlemap.engine.results import AreaOutcome
from battlemap.engine.words import cat, joined, said, shape_said
from battlemap.model import AreaTemplate
from battlemap.model.words import Said
from battlemap.rules.core.combat import AreaEffectRequest, AreaEffectResult, HPChange, Situation

INSET = 0.02  # corners tested for walls sit inside their own square (DESIGN.md §4.3)
# Each line from the origin starts this far along itself (grid units): a wall the origin sits
# on is not crossed by the lines leaving it, as the area's squares are measured (README
# "Areas and walls": a wall stops the line that *crosses* it).
OFF_THE_ORIGIN = 1e-6


class AreaCommands(MoveCommands):
    def preview_area(self, template: AreaTemplate) -> Any:
        from battlemap.geometry import area_squares

        return area_squares(self.geo, template, self.policy)

    def template(self, template_id: str) -> AreaTemplate:
        for t in self.encounter.templates:
            if t.id == template_id:
                return t
        raise EngineError(said("error.no_area", id=template_id))

    def place_area(self, template: AreaTemplate) -> AreaTemplate:
        if template.token is not None:
            self.token(template.token)  # an emanation rides a creature on the map
        ids = {t.id for t in self.encounter.templates}
        if template.id in ids:  # a fresh id so two fireballs can coexist
            n = 2
            while f"{template.id}-{n}" in ids:
                n += 1
            template = template.model_copy(update={"id": f"{template.id}-{n}"})
        with self._command(said("step.place_area", shape=shape_said(template.shape.value))):
            self.encounter.templates.append(template)
        return template

    def update_area(self, template: AreaTemplate) -> None:
        old = self.template(template.id)
        if template.token is not None:
            self.token(template.token)
        if old == template:
            return
        with self._command(said("step.move_area", shape=shape_said(template.shape.value))):
            i = self.encounter.templates.index(old)
            self.encounter.templates[i] = template

    def remove_area(self, template_id: str) -> None:
        old = self.template(template_id)
        with self._command(said("step.remove_area", shape=shape_said(old.shape.value))):
            self.encounter.templates.remove(old)

    def apply_area(self, template_id: str, save_ability: str | None = None, dc: int | None = None,
                   damage: str | None = None, damage_kind: str = "",
                   half_on_success: bool = True, forced: Iterable[int] = ()) -> AreaOutcome:
        tpl = self.template(template_id)
        hit = self.preview_area(tpl)
        targets = []
        covers = self._area_covers(tpl, list(hit.tokens))
        spared = self._cut_off_tokens(hit)
        for tid in hit.tokens:
            sit = Situation(kind="ranged", cover=covers[tid])
            if sit.cover == "total":
                # No line of effect from the origin: the effect does not reach it.
                spared.append((tid, said("area.no_corner")))
                continue
            targets.append((self.roller(tid), sit))
        with self._command(said("step.apply_area", shape=shape_said(tpl.shape.value))):
            self.dice.force(forced)
            res = self.system.area_effect(AreaEffectRequest(
                targets=targets, save_ability=save_ability, dc=dc, damage=damage,
                damage_kind=damage_kind, half_on_success=half_on_success), self.dice, self.options)
            out = AreaOutcome(template=template_id, tokens=[c.id for c, _ in targets], result=res)
            for tr in res.targets:
                if tr.save is not None:
                    out.saves.append(tr.save)
                if tr.damage > 0:
                    # The type reaches the system: resistances, DR, energy resistance.
                    hp = self.system.damage(self.combatant(tr.token), tr.damage, self.dice,
                                            self.options, kind=damage_kind or "lethal")
                    self._apply_hp(hp)
                    out.hp_changes.append(hp)
            out.spared = [tid for tid, _ in spared]
            also = said("area.spared", names=", ".join(map(self.name_of, out.spared))) if (
                spared) else Said("")
            line = said("area.line", shape=shape_said(tpl.shape.value), id=tpl.id,
                        who=self._area_who(res, out.hp_changes), spared=also)
            out.log_id = self._log(
                "area", line.fr, str(line),
                targets=out.tokens, details={
                    "roll": res.damage_roll.model_dump(mode="json") if res.damage_roll else None,
                    "saves": [s.model_dump(mode="json") for s in out.saves],
                    "hp": [h.model_dump(mode="json") for h in out.hp_changes],
                    "template": tpl.model_dump(mode="json"),
                    "targets": [t.model_dump(mode="json") for t in res.targets],
                    "spared": [{"token": tid, "name": self.name_of(tid), "why": str(why),
                                "why_fr": why.fr} for tid, why in spared]})
        return out

    def _area_who(self, res: AreaEffectResult, changes: list[HPChange]) -> Said:
        """Each creature the effect reached, with its save (the total against the DC, given
        once while it stays the same, or against its own table number) and what it took."""
        hp = {h.token: h for h in changes}
        table: frozenset[str] = getattr(self.system, "table_saves", frozenset)()  # a test's toy system has none
        parts: list[Said] = []
        dc: int | str | None = None
        for tr in res.targets:
            save = Said("")
            if (sv := tr.save) is not None:
                ok = said("area.saved" if sv.success else "area.failed")
                if sv.ability in table:
                    key = "area.save_table_next" if parts and dc == "table" else "area.save_table"
                    dc = "table"
                else:
                    key = "area.save_same_dc" if parts and dc == sv.dc else "area.save_dc"
                    dc = sv.dc
                save = said(key, ok=ok, total=sv.total, dc=sv.dc)
            h = hp.get(tr.token)
            if h is None or h.before is None or h.after is None:
                took = said("area.no_damage")
            elif h.state_after != h.state_before:
                took = said("area.damage_state", n=tr.damage, before=h.before, after=h.after,
                            state=Said(state_word(h.state_after, "en"),
                                       state_word(h.state_after, "fr")))
            else:
                took = said("area.damage", n=tr.damage, before=h.before, after=h.after)
            parts.append(cat(self.name_of(tr.token), save,
                             ", " if tr.save else Said(": ", " : "), took))
        return joined(parts, "; ", " ; ") if parts else said("area.nothing")

    def _cut_off_tokens(self, hit: Any) -> list[tuple[str, Said]]:
        """Tokens the area's shape reaches only on squares walls cut off (not hit), each with
        what stops the line to its first such square."""
        if not len(cells := hit.cut_cells()):
            return []
        cut = {(c, r) for c, r in cells.tolist()}
        out = []
        for tok in self.encounter.tokens:
            if tok.id in hit.tokens:
                continue
            first = next((sq for sq in tok.squares() if sq in cut), None)
            if first is not None and (found := hit.cut_off_at(first)) is not None:
                out.append((tok.id, Said(found.why, found.why_fr)))
        return out

    def _area_covers(self, tpl: AreaTemplate, token_ids: list[str]) -> dict[str, str]:
        """Cover of each token hit: from the origin point, or, for an area that comes from a
        creature (emanation), from that creature's space, all targets in one batch."""
        if tpl.origin is not None or tpl.token is None:
            return {tid: self._area_cover(tpl, tid) for tid in token_ids}
        others = [t for t in token_ids if t != tpl.token]
        found = {tid: c.level for tid, c in zip(others, self.covers(tpl.token, others),
                                                 strict=True)}
        return {tid: found.get(tid, "none") for tid in token_ids}

    def _area_cover(self, tpl: AreaTemplate, token_id: str) -> str:
        """Cover from the area's origin: lines to the four (inset) corners of each of the
        token's squares; the best square counts, read in the system's cover vocabulary."""
        from battlemap.geometry import line_of_effect

        if tpl.origin is None:
            return "none"
        tok = self.token(token_id)
        best = 4
        for c, r in tok.squares():
            corners = [(c + INSET, r + INSET), (c + 1 - INSET, r + INSET),
                       (c + 1 - INSET, r + 1 - INSET), (c + INSET, r + 1 - INSET)]
            blocked = sum(not line_of_effect(self.geo, _leaving(tpl.origin, p), p)
                          for p in corners)
            best = min(best, blocked)
        if best == 0:
            return "none"
        if best == 4:
            return "total"
        method = self.policy.cover_method
        if method == "any_blocked_line":
            return "partial"
        if method == "hidden_fraction":
            return {1: "25", 2: "50", 3: "75"}[best]
        return "half" if best <= 2 else "three_quarters"


def _leaving(origin: tuple[float, float], to: tuple[float, float]) -> tuple[float, float]:
    """The origin moved `OFF_THE_ORIGIN` towards `to`: a cone cast from the corner of a
    caster standing against a wall lit the squares beyond it, yet the effect spared every
    creature there ("no line of effect from the origin reaches a corner of its space")."""
    dx, dy = to[0] - origin[0], to[1] - origin[1]
    n = math.hypot(dx, dy)
    if n == 0:
        return origin
    return (origin[0] + dx / n * OFF_THE_ORIGIN, origin[1] + dy / n * OFF_THE_ORIGIN)
