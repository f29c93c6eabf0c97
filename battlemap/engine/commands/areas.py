"""Area templates: place / move / remove (undoable), preview, and apply an effect (one damage
roll, a save per token with its cover from the origin, half on success)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from battlemap.engine import situations as sits
from battlemap.engine.errors import EngineError
from battlemap.engine.log_text import state_word
from battlemap.engine.queries import geometry as geom
from battlemap.engine.queries import previews
from battlemap.engine.results import AreaOutcome
from battlemap.engine.words import cat, joined, said, shape_said
from battlemap.model import AreaTemplate
from battlemap.rules.core.combat import AreaEffectRequest, AreaEffectResult, HPChange, Situation
from battlemap.text import AS_DATA, Message, to_data

if TYPE_CHECKING:
    from battlemap.engine.state import State

INSET = 0.02  # corners tested for walls sit inside their own square (docs/architecture.md#sight-lines)
# Each line from the origin starts this far along itself (grid units): a wall the origin sits
# on is not crossed by the lines leaving it, as the area's squares are measured (README
# "Areas and walls": a wall stops the line that *crosses* it).
OFF_THE_ORIGIN = 1e-6


def find_template(state: State, template_id: str) -> AreaTemplate:
    for t in state.encounter.templates:
        if t.id == template_id:
            return t
    raise EngineError(said("error.no_area", id=template_id))


def place_area(state: State, template: AreaTemplate) -> AreaTemplate:
    if template.token is not None:
        state.token(template.token)  # an emanation rides a creature on the map
    ids = {t.id for t in state.encounter.templates}
    if template.id in ids:  # a fresh id so two fireballs can coexist
        n = 2
        while f"{template.id}-{n}" in ids:
            n += 1
        template = template.model_copy(update={"id": f"{template.id}-{n}"})
    with state.command(said("step.place_area", shape=shape_said(template.shape.value))):
        state.encounter.templates.append(template)
    return template


def update_area(state: State, template: AreaTemplate) -> None:
    old = find_template(state, template.id)
    if template.token is not None:
        state.token(template.token)
    if old == template:
        return
    with state.command(said("step.move_area", shape=shape_said(template.shape.value))):
        i = state.encounter.templates.index(old)
        state.encounter.templates[i] = template


def remove_area(state: State, template_id: str) -> None:
    old = find_template(state, template_id)
    with state.command(said("step.remove_area", shape=shape_said(old.shape.value))):
        state.encounter.templates.remove(old)


def apply_area(state: State, template_id: str, save_ability: str | None = None, dc: int | None = None,
               damage: str | None = None, damage_kind: str = "",
               half_on_success: bool = True, forced: Iterable[int] = ()) -> AreaOutcome:
    tpl = find_template(state, template_id)
    hit = previews.preview_area(state, tpl)
    targets = []
    covers = _area_covers(state, tpl, list(hit.tokens))
    spared = _cut_off_tokens(state, hit)
    for tid in hit.tokens:
        sit = Situation(kind="ranged", cover=covers[tid])
        if sit.cover == "total":
            # No line of effect from the origin: the effect does not reach it.
            spared.append((tid, said("area.no_corner")))
            continue
        targets.append((geom.roller(state, tid), sit))
    with state.command(said("step.apply_area", shape=shape_said(tpl.shape.value))):
        state.dice.force(forced)
        res = state.system.area_effect(AreaEffectRequest(
            targets=targets, save_ability=save_ability, dc=dc, damage=damage,
            damage_kind=damage_kind, half_on_success=half_on_success), state.dice, state.options)
        out = AreaOutcome(template=template_id, tokens=[c.id for c, _ in targets], result=res)
        for tr in res.targets:
            if tr.save is not None:
                out.saves.append(tr.save)
            if tr.damage > 0:
                # The type reaches the system: resistances, DR, energy resistance.
                hp = state.system.damage(state.combatant(tr.token), tr.damage, state.dice,
                                        state.options, kind=damage_kind or "lethal")
                state.apply_hp(hp)
                out.hp_changes.append(hp)
        out.spared = [tid for tid, _ in spared]
        also = said("area.spared", names=", ".join(map(state.name_of, out.spared))) if (
            spared) else ""
        line = said("area.line", shape=shape_said(tpl.shape.value), id=tpl.id,
                    who=_area_who(state, res, out.hp_changes), spared=also)
        out.log_id = state.write_log(
            "area", line,
            targets=out.tokens, details={
                "roll": res.damage_roll.model_dump(mode="json", context=AS_DATA) if res.damage_roll else None,
                "saves": [s.model_dump(mode="json", context=AS_DATA) for s in out.saves],
                "hp": [h.model_dump(mode="json", context=AS_DATA) for h in out.hp_changes],
                "template": tpl.model_dump(mode="json"),
                "targets": [t.model_dump(mode="json", context=AS_DATA) for t in res.targets],
                "spared": [{"token": tid, "name": state.name_of(tid), "why": to_data(why)}
                           for tid, why in spared]})
    return out


def _area_who(state: State, res: AreaEffectResult, changes: list[HPChange]) -> Message:
    """Each creature the effect reached, with its save (the total against the DC, given
    once while it stays the same, or against its own table number) and what it took."""
    hp = {h.token: h for h in changes}
    table = state.system.table_saves()
    parts: list[str] = []
    dc: int | str | None = None
    for tr in res.targets:
        save: str = ""
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
        else:
            # What its defences let through (a fire resistance) is said when it differs.
            lost = sum(p.taken or 0 for p in h.parts) if h.parts else tr.damage
            key = "area.damage" if lost == tr.damage else "area.damage_taken"
            if h.state_after != h.state_before:
                took = said(f"{key}_state", n=tr.damage, taken=lost, before=h.before,
                            after=h.after, state=state_word(h.state_after))
            else:
                took = said(key, n=tr.damage, taken=lost, before=h.before, after=h.after)
        parts.append(cat(state.name_of(tr.token), save,
                         ", " if tr.save else said("text.colon"), took))
    return joined(parts) if parts else said("area.nothing")


def _cut_off_tokens(state: State, hit: Any) -> list[tuple[str, str]]:
    """Tokens the area's shape reaches only on squares walls cut off (not hit), each with
    what stops the line to its first such square."""
    if not len(cells := hit.cut_cells()):
        return []
    cut = {(c, r) for c, r in cells.tolist()}
    out = []
    for tok in state.encounter.tokens:
        if tok.id in hit.tokens:
            continue
        first = next((sq for sq in tok.squares() if sq in cut), None)
        if first is not None and (found := hit.cut_off_at(first)) is not None:
            out.append((tok.id, found.why))
    return out


def _area_covers(state: State, tpl: AreaTemplate, token_ids: list[str]) -> dict[str, str]:
    """Cover of each token hit: from the origin point, or, for an area that comes from a
    creature (emanation), from that creature's space, all targets in one batch."""
    if tpl.origin is not None or tpl.token is None:
        return {tid: _area_cover(state, tpl, tid) for tid in token_ids}
    others = [t for t in token_ids if t != tpl.token]
    found = {tid: c.level for tid, c in zip(others, sits.covers(state, tpl.token, others),
                                             strict=True)}
    return {tid: found.get(tid, "none") for tid in token_ids}


def _area_cover(state: State, tpl: AreaTemplate, token_id: str) -> str:
    """Cover from the area's origin: lines to the four (inset) corners of each of the
    token's squares; the best square counts, read in the system's cover vocabulary."""
    if tpl.origin is None:
        return "none"
    return point_cover(state, tpl.origin, token_id)


def point_cover(state: State, origin: tuple[float, float], token_id: str) -> str:
    """Cover of the token from a point (an area's origin, a save's source): see
    `_area_cover`."""
    from battlemap.geometry import line_of_effect

    tok = state.token(token_id)
    best = 4
    for c, r in tok.squares():
        corners = [(c + INSET, r + INSET), (c + 1 - INSET, r + INSET),
                   (c + 1 - INSET, r + 1 - INSET), (c + INSET, r + 1 - INSET)]
        blocked = sum(not line_of_effect(geom.geometry(state), _leaving(origin, p), p)
                      for p in corners)
        best = min(best, blocked)
    if best == 0:
        return "none"
    if best == 4:
        return "total"
    return state.system.area_cover(best)


def _leaving(origin: tuple[float, float], to: tuple[float, float]) -> tuple[float, float]:
    """The origin moved `OFF_THE_ORIGIN` towards `to`: a cone cast from the corner of a
    caster standing against a wall lit the squares beyond it, yet the effect spared every
    creature there ("no line of effect from the origin reaches a corner of its space")."""
    dx, dy = to[0] - origin[0], to[1] - origin[1]
    n = math.hypot(dx, dy)
    if n == 0:
        return origin
    return (origin[0] + dx / n * OFF_THE_ORIGIN, origin[1] + dy / n * OFF_THE_ORIGIN)
