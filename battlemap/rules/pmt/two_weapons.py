"""Two-weapon fighting: who may, which pairs of weapons, and the two ways to use them (004
"combattre avec une arme primaire dans la main directrice et une arme secondaire")."""

from __future__ import annotations

from battlemap.rules.pmt.stats import PmtStats, Weapon
from battlemap.rules.pmt.tables import largest_die
from battlemap.rules.pmt.words import note


def two_weapon_problem(s: PmtStats, primary: Weapon, secondary: Weapon) -> str | None:
    """Why this pair can't be used, or None. The "small secondary weapon" the text expects is
    what the dice limits enforce."""
    if not ({"str", "dex"} & set(s.prime)):
        return note("two_weapons_prime")
    if primary is secondary:
        return note("two_weapons_two")
    for w in (primary, secondary):
        if w.kind != "melee" or w.two_handed:
            return note("two_weapons_one_hand", weapon=w.name)
    p, q = largest_die(primary.damage), largest_die(secondary.damage)
    if (p <= 8 and q <= 4) or (p <= 6 and q <= 6):
        return None
    return note("two_weapons_dice", p=p, q=q)
