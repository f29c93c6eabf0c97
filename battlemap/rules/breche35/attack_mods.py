"""The attack roll's modifiers: BBA, ability, size, range, and every row of the seed's
"Modificateurs de situation" table that concerns the attacker's roll."""

from __future__ import annotations

import math

from battlemap.rules.breche35 import charge
from battlemap.rules.breche35.conditions import HELPLESS
from battlemap.rules.breche35.effects import ability_modifiers, attacker_penalties, stats_of
from battlemap.rules.breche35.stats import Weapon
from battlemap.rules.breche35.tables import SIZE_ATTACK_AC, has_feat, src
from battlemap.rules.breche35.words import PREFIX, named, note
from battlemap.rules.core.combat import Combatant, Situation
from battlemap.rules.core.modifiers import DroppedModifier, Modifier
from battlemap.text import Message

ATTAQUER = src("Attaquer")
SITUATION = src("Modificateurs de situation")


def _m(name: Message, value: int, source: str, type_: str = "untyped") -> Modifier:
    return Modifier(name=name, value=value, type=type_, source=source, applies_to="attack")


def range_increments(sit: Situation, w: Weapon) -> int:
    """Full increments beyond the first: from the map's count, or from the distance."""
    derived = 0
    if w.range_m and sit.distance_m > w.range_m:
        derived = math.ceil(sit.distance_m / w.range_m - 1e-9) - 1
    return max(sit.range_increments, derived)


def _base(a: Combatant, w: Weapon, ranged: bool, size: Modifier | None) -> list[Modifier]:
    """BBA, ability, size and the weapon's own bonuses (000 "Attaquer")."""
    mods = [_m(named("bab"), stats_of(a).bab, ATTAQUER, "base")]
    ability = "dexterity" if ranged else "strength"
    mods += [m.model_copy(update={"source": ATTAQUER}) if m.type == "ability" else m
             for m in ability_modifiers(a, ability, "attack")]
    mods.append(size if size is not None else _m(named("size"), SIZE_ATTACK_AC[a.size], ATTAQUER, "size"))
    if w.enhancement:
        mods.append(_m(named("enhancement"), w.enhancement, ATTAQUER, "enhancement"))
    if w.attack_misc:
        mods.append(_m(named("weapon_bonus"), w.attack_misc, ATTAQUER))
    return mods


def opposed_attack_modifiers(a: Combatant, w: Weapon, size: Modifier) -> list[Modifier]:
    """One side of an opposed melee attack roll (the disarm): what `a` brings to any attack
    with `w` and its own conditions ("États"), with `size` in place of the attack size
    modifier. The situation rows aimed at a target's AC (flanking, target prone…) stay out:
    both sides roll, neither defends with its AC."""
    return _base(a, w, ranged=False, size=size) + attacker_penalties(a, melee=True)


def attack_modifiers(a: Combatant, t: Combatant, w: Weapon, sit: Situation,
                     ranged: bool) -> tuple[list[Modifier], list[DroppedModifier]]:
    st = stats_of(a)
    mods = _base(a, w, ranged, size=None)
    dropped: list[DroppedModifier] = []
    if ranged:
        n = range_increments(sit, w)
        if n:
            mods.append(_m(named("range", n=n), -2 * n, ATTAQUER))
        if t.has("prone"):
            mods.append(_m(named("prone_target_ranged"), -4, SITUATION))
        if sit.into_melee:
            into = _m(named("into_melee"), -4, SITUATION)
            if has_feat(st.feats, "precise_shot"):
                # 000 "Modificateurs de situation": « −4 (sauf Tir de précision) »
                dropped.append(DroppedModifier(**into.model_dump(), why=Message.of(
                    "dropped.cancelled_by", by=Message.of(f"{PREFIX}.feat.precise_shot"),
                    source=SITUATION)))
            else:
                mods.append(into)
    else:
        if sit.flanked:
            mods.append(_m(named("flanking"), 2, SITUATION))
        if sit.higher_ground:
            mods.append(_m(named("higher_ground"), 1, SITUATION))
        if t.has("prone"):
            mods.append(_m(named("prone_target_melee"), 4, SITUATION))
        if any(t.has(c) for c in HELPLESS):
            mods.append(_m(named("helpless_target"), 4, SITUATION))
        if sit.charging:
            bonus, barred = charge.attack_bonus(a)
            mods += [bonus] if bonus else []
            dropped += [barred] if barred else []
    if a.has("invisible") or sit.attacker_unseen:
        mods.append(_m(named("invisible_attacker"), 2, src("Capacités spéciales")))
    mods += attacker_penalties(a, melee=not ranged)
    return mods, dropped


def miss_chance(a: Combatant, t: Combatant, sit: Situation) -> tuple[int, str]:
    """Concealment 20 % / total 50 %; a blinded attacker or an invisible target: total."""
    best, why = sit.concealment, note("concealment" if sit.concealment < 50 else "total_concealment")
    if a.has("blinded") and best < 50:
        best, why = 50, note("blinded_attacker")
    if (t.has("invisible") or sit.target_unseen) and best < 50:
        best, why = 50, note("invisible_target")
    return best, why


def iterative_penalties(bab: int, full_attack: bool, beyond_seed: bool) -> list[int]:
    """BBA +6: a second attack at −5; +11: a third at −10 (000 "Attaquer"); the official 3.5
    table adds a fourth at −15 from +16 (option)."""
    steps = [0]
    if full_attack:
        for need, pen in ((6, -5), (11, -10), (16, -15)):
            if bab >= need and (pen > -15 or beyond_seed):
                steps.append(pen)
    return steps
