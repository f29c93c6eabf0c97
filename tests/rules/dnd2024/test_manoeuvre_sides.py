"""A 2024 shove reads side by side: the attacker's DC with its own parts, then the target's
save with its own, then what follows (D&D 2024 PHB, Unarmed Strike: « DC 8 + Strength
modifier + Proficiency Bonus », a Strength or Dexterity save; the failed save knocks it
Prone). Before, the DC's parts and the save's were one list."""

from __future__ import annotations

from battlemap.rules.core.combat import ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, SKELETON
from battlemap.text import words
from tests.helpers.dnd2024 import combatant
from tests.helpers.words import fr


def test_the_dc_and_the_save_are_two_sides(system):
    req = ManoeuvreRequest(name="shove", attacker=combatant("f", FIGHTER),
                           target=combatant("s", SKELETON))
    res = system.resolve_manoeuvre(req, Dice(forced=[2]), Dnd2024Options())
    dc, save = res.sides
    assert dc.roll is None and dc.total == 14  # 8 + Str 3 + proficiency 3
    assert [(words(m.name, "fr"), m.value) for m in dc.modifiers] == [
        ("DD de base", 8), ("Modificateur de Force", 3), ("Bonus de maîtrise", 3)]
    assert save.roll is not None and save.roll.natural == 2
    assert (save.total, words(save.against, "fr")) == (5, "DD 14")  # Dex +3 beats Str +0
    assert [m.value for m in save.modifiers] == [3]
    assert res.success and fr(res.effects) == ["cible À terre"]
