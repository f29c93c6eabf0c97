"""Armour class as a list of modifiers: normal, touch and flat-footed AC, with the
conditions, cover and actions that change it (000 "Classe d'armure", "États",
"Modificateurs de situation", "Le round de combat")."""

from __future__ import annotations

from pydantic import BaseModel

from battlemap.rules.breche35 import charge
from battlemap.rules.breche35.conditions import HELPLESS, LOSES_DEX
from battlemap.rules.breche35.effects import ETATS, ability_modifiers, stats_of
from battlemap.rules.breche35.partners import spare_partner, spares
from battlemap.rules.breche35.tables import SIZE_ATTACK_AC, src
from battlemap.rules.breche35.words import PREFIX, condition_named, named, note
from battlemap.rules.core.combat import Combatant, Situation
from battlemap.rules.core.modifiers import DroppedModifier, Modifier, Stacking, stack
from battlemap.text import Message, Text

CA = src("Classe d'armure")
SITUATION = src("Modificateurs de situation")
ROUND = src("Le round de combat")


class ArmourClass(BaseModel):
    total: int
    label: Text  # a message: « CA 14 (contact) »
    applied: list[Modifier]
    dropped: list[DroppedModifier]


def _m(name: Message, value: int, type_: str, source: str = CA) -> Modifier:
    return Modifier(name=name, value=value, type=type_, source=source, applies_to="ac")


def _drop(m: Modifier, why: str) -> DroppedModifier:
    return DroppedModifier(**m.model_dump(), why=why)


def base_parts(target: Combatant) -> list[Modifier]:
    """10 + armour + shield + Dex + size + natural + deflection + dodge, and whatever else the
    stat block's total holds ("esquive et autres")."""
    st = stats_of(target)
    dex_mods = ability_modifiers(target, "dexterity", "ac")
    base_dex = st.dex_to_ac()  # what the stat block's total counts
    dex_value = sum(m.value for m in dex_mods)
    name = named("ability_dexterity")
    if len(dex_mods) > 1:  # a condition lowers the score (000 "États")
        name = named("with_causes", name=name, causes=[m.name for m in dex_mods[1:]])
    if st.max_dex is not None and dex_value > st.max_dex:
        dex_value, name = st.max_dex, named("dex_capped")
    parts = [_m(named("base"), 10, "base"), _m(named("armour"), st.armor, "armor"),
             _m(named("shield"), st.shield, "shield"),
             _m(named("size"), SIZE_ATTACK_AC[target.size], "size"),
             _m(named("natural_armour"), st.natural_armor, "natural"),
             _m(named("deflection"), st.deflection, "deflection"),
             _m(named("dodge"), st.dodge, "dodge")]
    rest = st.ac - sum(p.value for p in parts) - base_dex
    parts.insert(3, _m(name, dex_value, "ability"))
    parts.append(_m(named("other"), rest, "untyped"))
    return [p for p in parts if p.value or p.type == "base"]


def loses_dex_reason(target: Combatant, sit: Situation, attacker: Combatant | None) -> str:
    for cid in sorted(LOSES_DEX):
        if target.has(cid) and not spares(target, cid, attacker):
            return Message.of(f"{PREFIX}.condition.{cid}")
    if sit.attacker_unseen or (attacker is not None and attacker.has("invisible")):
        return note("unseen_attacker")
    return ""


def armour_class(target: Combatant, sit: Situation, attacker: Combatant | None = None,
                 touch: bool = False, ranged: bool = False,
                 flat_footed: bool = False) -> ArmourClass:
    """The AC this attack must reach, every part listed, every dropped part with why."""
    parts = base_parts(target)
    dropped: list[DroppedModifier] = []
    no_dex = note("flat_footed") if flat_footed else loses_dex_reason(target, sit, attacker)
    helpless = any(target.has(c) for c in HELPLESS)
    for cid, val in (("blinded", -2), ("stunned", -2), ("cowering", -2), ("pinned", -4),
                     (charge.STATE, charge.AC_PENALTY)):
        if target.has(cid):
            parts.append(_m(condition_named(cid), val, "condition", ROUND if cid == charge.STATE else ETATS))
    if target.has("total_defense"):
        parts.append(_m(named("total_defense"), 4, "dodge", ROUND))
    if target.has("fighting_defensively"):
        parts.append(_m(named("fighting_defensively"), 2, "dodge", ROUND))
    if sit.cover == "partial":
        cover = _m(named("cover"), 4, "cover", SITUATION)
        if sit.cover_from_creatures_only and not ranged:
            dropped.append(_drop(cover, note("creatures_cover_ranged")))
        else:
            parts.append(cover)
    parts, spared = spare_partner(target, attacker, parts, keeps_dex=not no_dex)
    dropped += spared
    kept: list[Modifier] = []
    for p in parts:
        if touch and p.type in ("armor", "shield", "natural"):
            dropped.append(_drop(p, note("touch_ac")))
        elif helpless and p.type == "ability":
            dropped.append(_drop(p, note("helpless_dex")))
        elif no_dex and (p.type == "dodge" or (p.type == "ability" and p.value > 0)):
            dropped.append(_drop(p, note("loses_dex", why=no_dex)))
        else:
            kept.append(p)
    if helpless:
        kept.append(_m(named("helpless_dex"), -5, "ability", ETATS))
    st = stack(kept, Stacking.TYPED_35, disabled=sit.disabled)
    total = st.total
    kinds = [k for k, on in ((named("touch"), touch), (named("flat_footed"), bool(no_dex))) if on]
    label = named("ac_kinds", ac=total, kinds=kinds) if kinds else Message.of("rules.ac", ac=total)
    return ArmourClass(total=total, label=label,
                       applied=st.applied, dropped=dropped + st.dropped)
