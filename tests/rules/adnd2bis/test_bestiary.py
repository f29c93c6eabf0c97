"""The bundled AD&D 2bis creatures (battlemap/assets/statblocks/adnd2bis.json) against what
the house rules, 001_dd346e63a171f715.txt, say of them: the sizes of the seven examples of
« Différentiel de taille » (lines 79-91), the human's 30 feet (9 m) a round that a movement
rate of 12 is (« Vitesses de déplacement en combat », line 432), and the Tumbling DC 15 + HD
of a disengagement (line 144); and the Monstrous Manual's figures the blocks carry, as the
map reads them (docs/rules/adnd2bis.md cites each creature)."""

from __future__ import annotations

import pytest

from battlemap.model import Size
from battlemap.text import words
from tests.helpers.bestiary import bundled, duel


@pytest.mark.parametrize(("name", "size"), [
    # Line 82: « Exemples  Bat  Sprite  Goblin  Orc  Ogre  Giant  Purple Worm », under
    # « Diminutive Tiny Small Medium Large Huge Gargantuan » (line 79); the Bat's Diminutive
    # has no footprint on the map (docs/rules/adnd2bis.md), so no bat is bundled.
    ("Lutin", Size.TINY), ("Gobelin", Size.SMALL), ("Orque", Size.MEDIUM),
    ("Ogre", Size.LARGE), ("Géant des collines", Size.HUGE), ("Ver pourpre", Size.GARGANTUAN),
])
def test_the_seeds_size_examples_keep_their_size(name: str, size: Size) -> None:
    assert Size(bundled("adnd2bis", name)["size"]) is size


@pytest.mark.parametrize("name", ["Squelette", "Ours-hibou", "Troll", "Géant des collines"])
def test_a_movement_rate_of_12_is_the_humans_9_m(name: str) -> None:
    # Line 432: « Humains, Elfes, ½ Elfes, ½ Orcs  30 feet (9m) », the human's MV 12: the
    # Monstrous Manual gives these four MV 12 too.
    s, me, _ = duel("adnd2bis", name, "Gobelin")
    assert s.speed_m(me) == s.token(me).speed_m == 9.0


@pytest.mark.parametrize(("name", "dc"), [("Gobelin", 16), ("Troll", 21), ("Ver pourpre", 30)])
def test_slipping_away_from_a_bundled_foe_is_dc_15_plus_its_hit_dice(name: str, dc: int) -> None:
    # Line 144: « un check de Tumbling ou d'Escape Artist (DC 15 + opponent's HD) par
    # adversaire »; the Monstrous Manual's HD: goblin 1-1 (a 1 HD creature), troll 6+6, purple
    # worm 15.
    s, kobold, foe = duel("adnd2bis", "Kobold", name)
    ruling = s.disengage(kobold, forced=[10])
    assert not ruling.free and [c.dc for c in ruling.checks] == [dc]


@pytest.mark.parametrize(("attacker", "target", "label"), [
    # AD&D 2e Monstrous Manual: troll THAC0 13, goblin AC 6; hill giant THAC0 9, orc AC 6;
    # purple worm THAC0 5, zombie AC 8; kobold THAC0 20, gnoll AC 5.
    ("Troll", "Gobelin", "TAC0 13 − CA 6 = 7"),
    ("Géant des collines", "Orque", "TAC0 9 − CA 6 = 3"),
    ("Ver pourpre", "Zombie", "TAC0 5 − CA 8 = -3"),
    ("Kobold", "Gnoll", "TAC0 20 − CA 5 = 15"),
])
def test_the_log_reads_the_manuals_thac0_and_ac(attacker: str, target: str, label: str) -> None:
    s, me, foe = duel("adnd2bis", attacker, target)
    one = s.attack(me, foe, forced=[15]).result.attacks[0]
    assert words(one.target_label, "fr") == label


@pytest.mark.parametrize(("name", "weapon", "damage", "rate"), [
    # AD&D 2e Monstrous Manual: troll claw 1d4+4 and bite 1d8+8, three attacks; hill giant
    # 2d6+7 by weapon; ghoul 1d3/1d3/1d6; owlbear 1d6/1d6/2d6; purple worm bite 2d12 and sting.
    ("Troll", "Morsure", "1d8+8", 3), ("Géant des collines", "Massue", "2d6+7", 1),
    ("Goule", "Morsure", "1d6", 3), ("Ours-hibou", "Morsure", "2d6", 3),
    ("Ver pourpre", "Morsure", "2d12", 2),
])
def test_the_manuals_attacks(name: str, weapon: str, damage: str, rate: int) -> None:
    s, me, foe = duel("adnd2bis", name, "Gobelin")
    assert s.stats(me).weapon(weapon).damage == damage
    assert s.system.attacks_per_round(s.combatant(me)) == rate
    full = s.attack(me, foe, weapon=weapon, full_attack=True)
    assert len(full.result.attacks) == rate
