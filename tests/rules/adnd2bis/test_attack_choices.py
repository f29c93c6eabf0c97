"""The off-hand weapon 2bis reads (`options["two_weapon"]`) is offered as a per-attack choice."""

from __future__ import annotations

from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from tests.helpers.adnd2bis import ORC, make

DUELIST = {"thac0": 16, "weapons": [
    {"name": "Épée", "damage": "1d8", "damage_type": "slashing"},
    {"name": "Dague", "damage": "1d4", "damage_type": "piercing"},
    {"name": "Arc", "kind": "ranged", "damage": "1d6"}]}


def test_other_melee_weapons_are_offered_for_the_off_hand() -> None:
    # 001_dd346e63a171f715.txt is silent on two weapons: AD&D 2e (−2 main hand, −4 off hand), melee weapons only.
    d, orc, opts = make("d", DUELIST), make("o", ORC), Adnd2bisOptions()
    got = {w: [(c.key, c.kind, c.values, c.source) for c in SYSTEM.attack_choices(d, orc, w, opts)]
           for w in ("Épée", "Dague", "Arc")}
    source = "AD&D 2e, two-weapon fighting (the text is silent)"  # « texte muet » in French
    assert got == {"Épée": [("two_weapon", "weapon", ["Dague"], source)],
                   "Dague": [("two_weapon", "weapon", ["Épée"], source)],
                   "Arc": []}
