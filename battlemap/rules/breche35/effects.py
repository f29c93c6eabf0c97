"""What conditions do to numbers: ability penalties, attack, save and check penalties
(000 "États"). Each effect is a Modifier naming the condition and citing the table."""

from __future__ import annotations

from battlemap.rules.breche35.stats import Breche35Stats
from battlemap.rules.breche35.tables import ability_mod, src
from battlemap.rules.breche35.words import condition_label, condition_named, named, note
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.modifiers import Modifier

ETATS = src("États")

# Ability score penalties: "−2 en Force et en Dextérité" (fatigué), "−6" (épuisé),
# "−4 en Dextérité" (enchevêtré). Exhaustion replaces fatigue rather than adding to it.
_SCORE_PENALTY = {
    "strength": [("exhausted", -6), ("fatigued", -2)],
    "dexterity": [("exhausted", -6), ("fatigued", -2), ("entangled", -4)],
}


def stats_of(c: Combatant) -> Breche35Stats:
    s = c.stats
    return s if isinstance(s, Breche35Stats) else Breche35Stats.model_validate(s or {})


def ability_modifiers(c: Combatant, ability: str, applies_to: str) -> list[Modifier]:
    """The ability modifier, then one modifier per condition that lowers the score."""
    st = stats_of(c)
    score = getattr(st, ability)
    out = [Modifier(name=named(f"ability_{ability}"), value=ability_mod(score), type="ability",
                    source=src("Caractéristiques"), applies_to=applies_to)]
    penalties = _SCORE_PENALTY.get(ability, [])
    fatigue = next(((cid, p) for cid, p in penalties[:2] if c.has(cid)), None)
    chosen = [fatigue] if fatigue else []
    chosen += [(cid, p) for cid, p in penalties[2:] if c.has(cid)]
    for cid, pen in chosen:
        before = ability_mod(score)
        score = max(0, score + pen)
        delta = ability_mod(score) - before
        if delta:
            out.append(Modifier(name=named("score_penalty", condition=condition_named(cid), pen=pen,
                                           short=named(f"short_{ability}")), value=delta,
                                type="condition", source=ETATS, applies_to=applies_to))
    return out


def ability_total(c: Combatant, ability: str) -> int:
    return sum(m.value for m in ability_modifiers(c, ability, "check"))


def _fear(c: Combatant, applies_to: str) -> list[Modifier]:
    """Secoué / effrayé / paniqué: −2; the worst fear applies, they don't add up."""
    for cid in ("panicked", "frightened", "shaken"):
        if c.has(cid) and not (cid == "panicked" and applies_to == "attack"):
            return [Modifier(name=condition_named(cid), value=-2, type="condition", source=ETATS,
                             applies_to=applies_to)]
    return []


def _cond(c: Combatant, cid: str, value: int, applies_to: str, note: str = "") -> list[Modifier]:
    """`note`: the key of a word on the condition's effect (« attaquant à terre »)."""
    if not c.has(cid):
        return []
    name = (named("condition_note", condition=condition_named(cid), note=named(note)) if note
            else condition_named(cid))
    return [Modifier(name=name, value=value, type="condition", source=ETATS,
                     applies_to=applies_to)]


def attacker_penalties(c: Combatant, melee: bool) -> list[Modifier]:
    """Conditions of the attacker that change its attack roll."""
    mods = _fear(c, "attack")
    mods += _cond(c, "dazzled", -1, "attack")
    mods += _cond(c, "sickened", -2, "attack")
    mods += _cond(c, "entangled", -2, "attack")
    if melee:
        mods += _cond(c, "prone", -4, "attack", "prone_attacker")
    if c.has("fighting_defensively"):
        mods.append(Modifier(name=named("fighting_defensively"), value=-4, type="condition",
                             source=src("Le round de combat"), applies_to="attack"))
    return mods


def save_penalties(c: Combatant) -> list[Modifier]:
    return _fear(c, "save") + _cond(c, "sickened", -2, "save")


def check_penalties(c: Combatant, ability: str) -> list[Modifier]:
    """Penalties to an ability check (opposed Strength in manoeuvres)."""
    mods = _fear(c, "check") + _cond(c, "sickened", -2, "check")
    if ability in ("strength", "dexterity"):
        mods += _cond(c, "blinded", -4, "check")
    return mods


def damage_penalties(c: Combatant) -> list[Modifier]:
    return _cond(c, "sickened", -2, "damage")


def speed_factor(c: Combatant) -> tuple[float, list[str]]:
    """Half speed when blinded, entangled or exhausted (000 "États"); 0 when pinned."""
    if c.has("pinned") or c.has("paralyzed") or c.has("grappling"):
        return 0.0, [note("cannot_move")]
    why = [condition_label(x) for x in ("blinded", "entangled", "exhausted")
           if c.has(x)]
    return (0.5, [note("half_speed", conds=why)]) if why else (1.0, [])
