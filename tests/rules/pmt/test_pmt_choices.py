"""Per-attack choices of PMT (a second weapon, finishing off an unconscious creature) and the
defender's choice on a manoeuvre, at the rules level."""

from __future__ import annotations

import pytest
from pmt_fixtures import FIGHTER, MONSTER_ASC, make  # type: ignore[import-not-found]

from battlemap.rules.core.choices import check_choices
from battlemap.rules.core.combat import AttackRequest, ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.rules.pmt import SYSTEM
from battlemap.rules.pmt.options import PmtOptions

ASC = PmtOptions()
UNCONSCIOUS = '004_49216c8abfe9f777.txt, "Toute attaque contre un personnage inconscient"'


def sleeper():  # type: ignore[no-untyped-def]
    # A monster put to sleep: unconscious with all its 10 HP.
    return make("s", {**MONSTER_ASC, "max_hp": 10}, conditions=("unconscious",), hp=10)


def test_finishing_off_a_sleeping_creature_kills_it_whatever_its_hp() -> None:
    # 004_49216c8abfe9f777.txt, "Toute attaque contre un personnage inconscient réussit
    # automatiquement et le tue si l'attaquant le désire." Épée 1d8 = 3, FOR +1 → 4.
    s = sleeper()
    one = SYSTEM.resolve_attack(AttackRequest(attacker=make("a", FIGHTER), target=s,
                                              options={"kill": True}), Dice(forced=[3]),
                                ASC).attacks[0]
    assert one.outcome == "auto_hit" and one.roll is None
    assert one.damage is not None and one.damage.total == 4
    ch = SYSTEM.damage(s, one.damage.total, Dice(), ASC, kind=one.damage.kind)
    assert (ch.before, ch.after, ch.state_before, ch.state_after) == (10, 0, "ok", "dead")
    assert [(c.name, c.source) for c in ch.conditions_added] == [("dead", UNCONSCIOUS)]
    assert ch.conditions_removed == ["unconscious"]
    assert ch.notes == [f"achevé : mort (10 → 0 PV) {UNCONSCIOUS}"]


def test_sparing_a_sleeping_creature_only_hurts_it() -> None:
    # Same seed sentence: killing is the attacker's wish; without it the blow is damage.
    s = sleeper()
    one = SYSTEM.resolve_attack(AttackRequest(attacker=make("a", FIGHTER), target=s),
                                Dice(forced=[3]), ASC).attacks[0]
    assert one.outcome == "auto_hit" and one.damage is not None
    ch = SYSTEM.damage(s, one.damage.total, Dice(), ASC, kind=one.damage.kind)
    assert (ch.before, ch.after, ch.state_after) == (10, 6, "ok")
    assert ch.conditions_added == []


def test_choices_offered_depend_on_weapon_and_target() -> None:
    # 004_49216c8abfe9f777.txt, two weapons: "arme primaire ne dépassent pas le d8 et ceux de
    # l'arme secondaire ne dépassent pas le d4", or "les deux armes ne dépassent pas le d6";
    # melee one-handed only. Épée d8 → Dague d4; Dague d4 → Épée courte d6; Arc → none.
    fighter, monster = make("a", FIGHTER), make("m", MONSTER_ASC)
    offered = {w: [(c.key, c.kind, c.values) for c in SYSTEM.attack_choices(fighter, monster, w,
                                                                              ASC)]
               for w in ("Épée", "Dague", "Arc court")}
    assert offered == {"Épée": [("two_weapon", "weapon", ["Dague"])],
                       "Dague": [("two_weapon", "weapon", ["Épée courte"])],
                       "Arc court": []}
    # "Toute attaque contre un personnage inconscient": kill only against such a target.
    keys = [c.key for c in SYSTEM.attack_choices(fighter, sleeper(), "Épée", ASC)]
    assert keys == ["two_weapon", "kill"]
    # Without FOR or DEX as prime: no second weapon ("possédant la FOR ou la DEX").
    wizard = make("w", {**FIGHTER, "prime": ["int"]})
    assert SYSTEM.attack_choices(wizard, monster, "Épée", ASC) == []


@pytest.mark.parametrize("given, message", [
    ({"parry": "yes"}, "'parry' is not a choice of this attack (offered: "
                       "two_weapon=<Dague>, kill=yes|no)"),
    ({"two_weapon": "Épée courte"}, "'Épée courte' cannot be chosen for 'two_weapon' "
                                    "(one of: Dague, or none)"),
    ({"kill": "maybe"}, "'kill' takes yes or no, not 'maybe'"),
])
def test_choices_are_checked_in_one_sentence(given: dict[str, str], message: str) -> None:
    offered = SYSTEM.attack_choices(make("a", FIGHTER), sleeper(), "Épée", ASC)
    with pytest.raises(ValueError) as err:
        check_choices(offered, given)
    assert str(err.value) == message
    assert check_choices(offered, {"two_weapon": "none", "kill": "oui"}) == {"kill": True}


def test_a_normal_hit_manoeuvre_gives_both_the_effect_and_the_damage() -> None:
    # 004_49216c8abfe9f777.txt, "Manœuvres": "le défenseur peut, au choix, laisser la manœuvre
    # s'effectuer ou subir les dommages". d20 15 + 2 ≥ CA 12; Épée 1d8 = 5 + FOR 1 = 6.
    req = ManoeuvreRequest(name="envoyer au sol", attacker=make("a", FIGHTER),
                           target=make("m", MONSTER_ASC))
    res = SYSTEM.resolve_manoeuvre(req, Dice(forced=[15, 5]), ASC)
    assert res.success and res.defender_chooses and res.defender_choice is None
    assert res.damage is not None and res.damage.total == 6
    assert [c.name for c in res.conditions_added["m"]] == ["prone"]
    # A Coup de maître leaves the defender no choice.
    cdm = SYSTEM.resolve_manoeuvre(req, Dice(forced=[20]), ASC)
    assert not cdm.defender_chooses and cdm.damage is None
