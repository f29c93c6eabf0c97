"""Rules of the seed the first pass left loose: a miss's 1 point is not a successful attack on a
minion, an unconscious creature may be finished off, bare-handed manoeuvres deal brawl damage."""

from __future__ import annotations

from battlemap.rules.core.combat import AttackRequest, ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.rules.pmt import SYSTEM
from battlemap.rules.pmt.options import PmtOptions
from battlemap.text import words
from tests.helpers.pmt import FIGHTER, GOBLIN_MINION, MONSTER_ASC, make

ASC = PmtOptions()


def test_a_miss_scratches_a_minion_without_taking_it_out() -> None:
    # 004 "Un coup raté inflige quand même 1 dommage"; "Sbires": only "une attaque réussie
    # contre eux les met immédiatement hors combat". FOR 13 +1, bonus +1: 8 + 2 = 10 < CA 13.
    gob = make("gob", GOBLIN_MINION)
    res = SYSTEM.resolve_attack(AttackRequest(attacker=make("a", FIGHTER), target=gob),
                                Dice(forced=[8]), ASC)
    one = res.attacks[0]
    assert one.outcome == "miss" and one.damage is not None and one.damage.total == 1
    ch = SYSTEM.damage(gob, one.damage.total, Dice(), ASC, kind=one.damage.kind)
    assert (ch.after, ch.state_after) == (3, "ok")


def test_the_attacker_may_finish_an_unconscious_pc() -> None:
    # 004: "Toute attaque contre un personnage inconscient réussit automatiquement et le tue si
    # l'attaquant le désire." Claws 1d6 = 4.
    pc = make("pc", FIGHTER, side="party", conditions=("unconscious", "dying"), hp=0)
    spare = SYSTEM.resolve_attack(AttackRequest(attacker=make("m", MONSTER_ASC), target=pc),
                                  Dice(forced=[4]), ASC).attacks[0]
    assert spare.outcome == "auto_hit" and spare.damage is not None
    kept = SYSTEM.damage(pc, spare.damage.total, Dice(), ASC, kind=spare.damage.kind)
    assert (kept.after, kept.state_after) == (-4, "unconscious")
    kill = SYSTEM.resolve_attack(AttackRequest(attacker=make("m", MONSTER_ASC), target=pc,
                                               options={"kill": True}),
                                 Dice(forced=[4]), ASC).attacks[0]
    assert kill.damage is not None
    dead = SYSTEM.damage(pc, kill.damage.total, Dice(), ASC, kind=kill.damage.kind)
    assert (dead.after, dead.state_after) == (-4, "dead")
    assert [c.name for c in dead.conditions_added] == ["dead"]
    assert set(dead.conditions_removed) == {"unconscious", "dying"}


def test_bare_handed_manoeuvre_deals_1d2_plus_str_whatever_is_in_hand() -> None:
    # 004 "Manœuvres de combat": "les dégâts de bagarre à mains nues sont appliqués (1d2 +
    # modificateur de FOR)". The +2 sword in hand adds nothing; FOR 13 → +1.
    stats = {**FIGHTER, "weapons": [{"name": "Épée +2", "damage": "1d8", "bonus": 2}]}
    req = ManoeuvreRequest(name="attraper et tirer à soi", attacker=make("a", stats),
                           target=make("m", MONSTER_ASC), options={"unarmed": True})
    res = SYSTEM.resolve_manoeuvre(req, Dice(forced=[12, 2]), ASC)
    assert res.success and res.damage is not None
    assert res.damage.total == 2 + 1
    assert [words(m.name, "fr") for m in res.damage.modifiers] == ["Mod. de FOR"]
