"""Two-weapon fighting: who may, which pairs of weapons, and the two ways to use them (004
"combattre avec une arme primaire dans la main directrice et une arme secondaire")."""

from __future__ import annotations

from battlemap.rules.pmt.stats import PmtStats, Weapon
from battlemap.rules.pmt.tables import largest_die


def two_weapon_problem(s: PmtStats, primary: Weapon, secondary: Weapon) -> str | None:
    """Why this pair can't be used, or None. The "small secondary weapon" the text expects is
    what the dice limits enforce."""
    if not ({"str", "dex"} & set(s.prime)):
        return "il faut la FOR ou la DEX comme Caractéristique Principale"
    if primary is secondary:
        return "il faut deux armes"
    for w in (primary, secondary):
        if w.kind != "melee" or w.two_handed:
            return f"{w.name} n'est pas une arme de mêlée à une main"
    p, q = largest_die(primary.damage), largest_die(secondary.damage)
    if (p <= 8 and q <= 4) or (p <= 6 and q <= 6):
        return None
    return f"d{p} + d{q} : il faut d8 + d4 au plus, ou deux d6 au plus"
