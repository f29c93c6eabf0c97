"""Grapple and Shove as Unarmed Strike options (D&D 2024 PHB, Unarmed Strike): the target's
Str or Dex save against DD 8 + Str mod + proficiency."""

from __future__ import annotations

from battlemap.model import Condition, Size
from battlemap.rules.core.combat import ManoeuvreRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import CLERIC, FIGHTER, OGRE, ROGUE, SKELETON
from tests.helpers.dnd2024 import combatant
from tests.helpers.words import fr

OPTS = Dnd2024Options()


def _man(system, name, attacker, target, forced, **options):
    req = ManoeuvreRequest(name=name, attacker=attacker, target=target, options=options)
    return system.resolve_manoeuvre(req, Dice(forced=forced), OPTS)


def test_grapple_dc_and_target_choice_of_save(system):
    # Fighter DD = 8 + 3 + 3 = 14. Skeleton: Dex save +3 beats Str +0, so it uses Dex.
    res = _man(system, "grapple", combatant("f", FIGHTER), combatant("s", SKELETON), [10])
    assert res.success  # 10 + 3 = 13 < 14
    assert sum(m.value for m in res.modifiers if m.applies_to == "dc") == 14
    assert [c.name for c in res.conditions_added["s"]] == ["grappled"]
    assert res.conditions_added["s"][0].source == "f"  # the grappler, for the Grappled rules
    held = _man(system, "grapple", combatant("f", FIGHTER), combatant("s", SKELETON), [11])
    assert not held.success and "s" not in held.conditions_added


def test_shove_prone_or_push(system):
    prone = _man(system, "shove", combatant("f", FIGHTER), combatant("s", SKELETON), [2])
    assert [c.name for c in prone.conditions_added["s"]] == ["prone"]
    push = _man(system, "shove", combatant("f", FIGHTER), combatant("s", SKELETON), [2],
                effect="push")
    assert fr(push.effects) == ["cible repoussée de 1,5 m"] and push.conditions_added == {}


def test_target_more_than_one_size_larger_is_immune(system):
    huge = combatant("o", OGRE, size=Size.HUGE)
    res = _man(system, "grapple", combatant("f", FIGHTER), huge, [1])
    assert not res.success and res.rolls == []
    large = combatant("o", OGRE, size=Size.LARGE)
    # Ogre Str save +4 vs Dex −1: Str. 9 + 4 = 13 < 14.
    assert _man(system, "grapple", combatant("f", FIGHTER), large, [9]).success


def test_stunned_target_fails_the_save(system):
    res = _man(system, "grapple", combatant("f", FIGHTER), combatant("s", SKELETON, "stunned"), [])
    assert res.success


def test_escape_grapple_check(system):
    # Rogue: Acrobatics = Dex +4 + proficiency 3 = +7 vs the ogre's DD 8 + 4 + 2 = 14.
    rogue = combatant("r", ROGUE)
    rogue.conditions.append(Condition(name="grappled", source="o"))
    req = ManoeuvreRequest(name="escape_grapple", attacker=rogue, target=combatant("o", OGRE),
                           situation=Situation())
    free = system.resolve_manoeuvre(req, Dice(forced=[7]), OPTS)
    assert free.success and free.conditions_removed == {"r": ["grappled"]}
    assert not system.resolve_manoeuvre(req, Dice(forced=[6]), OPTS).success


def test_escape_grapple_needs_a_grapple(system):
    # Walkthrough: "s'échapper d'une empoignade" by a rogue no one held read "réussite …
    # n'est plus Agrippé". Only an Agrippé creature escapes (D&D 2024 PHB, Grappled); no die.
    req = ManoeuvreRequest(name="escape_grapple", attacker=combatant("r", ROGUE),
                           target=combatant("o", OGRE), situation=Situation())
    res = system.resolve_manoeuvre(req, Dice(), OPTS)
    assert not res.success and res.rolls == [] and res.conditions_removed == {}


def test_first_aid_stabilises_the_dying(system):
    # D&D 2024 PHB, Help: Wisdom (Medicine) DD 10. Cleric Wis 17 (+3), not proficient.
    dying = combatant("f", FIGHTER, "unconscious", hp=0, death_failures=1)
    ok = _man(system, "first_aid", combatant("c", CLERIC), dying, [7])
    assert ok.success and [c.name for c in ok.conditions_added["f"]] == ["stable"]
    assert ok.conditions_removed == {"f": ["death_failures"]}
    assert not _man(system, "first_aid", combatant("c", CLERIC), dying, [6]).success


def test_first_aid_wakes_a_knocked_out_creature(system):
    # 003: Inconscient jusqu'à ce que quelqu'un lui administre les premiers soins (Médecine DD 10).
    knocked = combatant("o", OGRE, "unconscious", hp=1)
    res = _man(system, "first_aid", combatant("r", ROGUE), knocked, [9])  # 9 + Wis 1 = 10
    assert res.success and res.conditions_removed == {"o": ["unconscious"]}
