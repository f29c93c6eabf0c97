"""Who a creature grapples. 000 "Manœuvres" (« En lutte : … on n'a pas son bonus de
Dextérité contre les autres ») and "États" (« Immobilisé (en lutte) : … −4 à la CA contre
les autres »): both count only against attackers other than the grapple partner.

The grapple records the partner's token id in `Condition.source`. A condition without one
(set by hand, or saved before the partner was recorded) counts against everyone, as before."""

from __future__ import annotations

from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import condition_named, named, note
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.modifiers import DroppedModifier, Modifier

AGAINST_OTHERS = ("grappling", "pinned")


def partner_of(c: Combatant, cid: str) -> str:
    """The token id recorded on `c`'s condition `cid`, or ""."""
    return next((x.source for x in c.conditions if x.name == cid), "")


def spares(target: Combatant, cid: str, attacker: Combatant | None) -> bool:
    """True when `cid` is a condition « contre les autres » and `attacker` is the partner."""
    return (cid in AGAINST_OTHERS and attacker is not None
            and partner_of(target, cid) == attacker.id)


def spare_partner(target: Combatant, attacker: Combatant | None, parts: list[Modifier],
                  keeps_dex: bool) -> tuple[list[Modifier], list[DroppedModifier]]:
    """The AC parts without the pinned −4 when the pinner attacks, and what the partner is
    spared, shown as dropped modifiers: the pinned −4, the Dex and dodge the grapple would
    have cost (shown only when nothing else takes them away, `keeps_dex`)."""
    if attacker is None:
        return parts, []
    why = note("not_against_partner", name=attacker.name)
    kept: list[Modifier] = []
    spared: list[DroppedModifier] = []
    for p in parts:
        if p.name == condition_named("pinned") and spares(target, "pinned", attacker):
            spared.append(DroppedModifier(**p.model_dump(), why=why))
        else:
            kept.append(p)
    if keeps_dex and spares(target, "grappling", attacker):
        lost = sum(p.value for p in kept
                   if p.type == "dodge" or (p.type == "ability" and p.value > 0))
        spared.append(DroppedModifier(
            name=named("grappling_no_dex", condition=condition_named("grappling")), value=-lost,
            type="condition", source=src("Manœuvres"), applies_to="ac", why=why))
    return kept, spared
