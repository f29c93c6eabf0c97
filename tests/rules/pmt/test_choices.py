"""Per-attack choices of PMT (a second weapon, finishing off an unconscious creature) and the
defender's choice on a manoeuvre, at the rules level."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import EngineError, Session
from battlemap.engine.decision import Decision
from battlemap.engine.log_text import detail_lines
from battlemap.model import Condition, Encounter, Grid, Token
from battlemap.rules.core.choices import check_choices
from battlemap.rules.core.combat import AttackRequest, ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.rules.pmt import SYSTEM
from battlemap.rules.pmt.options import PmtOptions
from battlemap.text import words
from tests.helpers.pmt import FIGHTER, MONSTER_ASC, make

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
    assert ch.notes == [f"finished off: dead (10 → 0 HP) {UNCONSCIOUS}"]


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


SEED = "004_49216c8abfe9f777.txt"


# Attack bonus +1, FOR 13 (+1), FOR prime: may fight with two weapons.
TWO_WEAPON_FIGHTER = {"max_hp": 18, "ac": 16, "attack_bonus": 1, "is_pc": True, "strength": 13,
           "prime": ["str"], "weapons": [{"name": "Épée", "damage": "1d8"},
                                         {"name": "Dague", "damage": "1d4"}]}


CLAWED = {"max_hp": 12, "ac": 12, "weapons": [{"name": "Griffes", "damage": "1d6"}]}


def duel(**foe: Any) -> Session:
    enc = Encounter(system="pmt", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=TWO_WEAPON_FIGHTER),
        Token(id="o", name="O", side="foe", col=2, row=1, stats=CLAWED, **foe)])
    return Session(enc, seed=1)


def test_finishing_off_a_sleeping_monster_kills_it_and_says_why() -> None:
    # 004_49216c8abfe9f777.txt: "Toute attaque contre un personnage inconscient réussit
    # automatiquement et le tue si l'attaquant le désire." Épée 1d8 = 3 + FOR 1.
    s = duel(conditions=[Condition(name="unconscious")])
    out = s.attack("a", "o", forced=[3], options={"kill": "yes"})
    assert out.result.attacks[0].outcome == "auto_hit"
    assert [(h.before, h.after, h.state_after) for h in out.hp_changes] == [(12, 0, "dead")]
    assert [c.name for c in s.token("o").conditions] == ["dead"]
    assert s.system.hp_state(s.combatant("o")) == "dead"
    entry = s.log.entries[-1]
    # The blow rolls 4; the kill takes the 12 HP left (004: « le tue »).
    assert entry.said("en") == "Attack: A → O (Épée): automatic hit, 4 damage (12 taken), HP 12 → 0"
    # The log shows the kill with its source under the HP line (the GM sees why it died).
    lines = detail_lines(entry.details, "fr")
    hp_at = lines.index("O : PV 12 → 0 (mort)")
    assert lines[hp_at + 1] == ("  achevé : mort (12 → 0 PV) Portes, Monstres & Trésors — "
                                "Toute attaque contre un personnage inconscient")
    s.undo()
    assert s.token("o").hp is None and [c.name for c in s.token("o").conditions] == [
        "unconscious"]


def test_the_off_hand_weapon_reaches_preview_and_attack() -> None:
    # 004_49216c8abfe9f777.txt, two weapons: "– 2 pour l'attaque avec l'arme primaire, et – 4
    # pour celle avec l'arme secondaire". d20 12 + 1 + 1 − 2 = 12 ≥ CA 12, 1d8 3 + 1 = 4;
    # d20 14 + 1 + 1 − 4 = 12 ≥ 12, 1d4 2 + 1 = 3: O 12 → 5.
    s = duel()
    assert [(c.key, c.values) for c in s.attack_choices("a", "o")] == [("two_weapon", ["Dague"])]
    plain = s.preview_attack("a", "o")
    both = s.preview_attack("a", "o", options={"two_weapon": "Dague"})
    assert ("Arme primaire", -2) not in [(words(m.name, "fr"), m.value) for m in plain.modifiers]
    assert ("Arme primaire", -2) in [(words(m.name, "fr"), m.value) for m in both.modifiers]
    out = s.attack("a", "o", forced=[12, 3, 14, 2], options={"two_weapon": "Dague"})
    got = [(a.label, a.total, a.outcome, a.damage.total if a.damage else 0)
           for a in out.result.attacks]
    assert got == [("Épée (1/2)", 12, "hit", 4), ("Dague (2/2)", 12, "hit", 3)]
    assert ("Arme secondaire", -4) in [(words(m.name, "fr"), m.value) for m in out.result.attacks[1].modifiers]
    assert s.token("o").hp == 5


@pytest.mark.parametrize("options, message", [
    ({"kill": "yes"}, "'kill' is not a choice of this attack (offered: two_weapon=<Dague>)."),
    ({"two_weapon": "Griffes"}, "'Griffes' cannot be chosen for 'two_weapon' (one of: Dague, "
                                "or none)."),
])
def test_a_choice_not_offered_is_refused_and_changes_nothing(options: dict[str, str],
                                                             message: str) -> None:
    s = duel()
    with pytest.raises(EngineError) as err:
        s.attack("a", "o", forced=[12, 3], options=options)
    assert str(err.value) == message
    assert s.token("o").hp is None and s.log.entries == []


def _manoeuvre(choice: Any = None) -> tuple[Session, Any, str]:
    # 004_49216c8abfe9f777.txt, "Manœuvres": a normal hit (d20 14 + 2 ≥ CA 12, not a Coup de
    # maître) lets the defender choose: "laisser la manœuvre s'effectuer ou subir les
    # dommages". Épée 1d8 = 5 + FOR 1 = 6 damage.
    s = duel()
    s.roll_initiative(forced=[6, 1])
    before = s.encounter.model_dump_json()
    res = s.manoeuvre("envoyer au sol", "a", "o", forced=[14, 5], defender_choice=choice)
    return s, res, before


def test_defender_takes_the_damage_and_stays_up() -> None:
    s, res, before = _manoeuvre("damage")
    assert res.defender_choice == "damage"
    assert s.token("o").hp == 6 and s.token("o").conditions == []
    assert s.log.entries[-1].said("fr") == ("A tente envoyer au sol contre O : réussi, le "
                                            "défenseur subit 6 dommages")
    lines = detail_lines(s.log.entries[-1].details, "fr")
    # The attack roll with its own modifiers, then what followed from it.
    assert lines[-1] == ("conséquences : le défenseur choisit : « envoyer au sol » ou 6 dommages "
                         "Portes, Monstres & Trésors — Manœuvres de combat ; le défenseur subit "
                         "6 dommages")
    s.undo()  # one step: HP and the turn's attack come back
    assert s.encounter.model_dump_json() == before


def test_defender_lets_the_manoeuvre_happen() -> None:
    s, asked, before = _manoeuvre("ask")
    assert isinstance(asked, Decision) and asked.asks == "defender"
    assert asked.result.damage.total == 6 and asked.result.defender_choice is None
    assert asked.reason == ("O chooses: let the manoeuvre \"knock down\" happen, or take 6 "
                            "damage?")
    assert s.encounter.model_dump_json() == before and s.log.entries[-1].kind == "turn"
    res = s.manoeuvre("envoyer au sol", "a", "o", forced=[14, 5], defender_choice="effect",
                      decision=asked)
    assert res.defender_choice == "effect"
    assert s.token("o").hp is None
    assert [(c.name, c.source) for c in s.token("o").conditions] == [
        ("prone", f'{SEED}, "Manœuvres de combat"')]
    # The seed's manoeuvre in English words (« envoyer au sol »: knock down).
    assert s.log.entries[-1].said("en") == ("A tries knock down on O: success, the defender "
                                            "lets knock down happen")
    s.undo()  # one step: the condition goes, and the turn's attack comes back
    assert s.encounter.model_dump_json() == before


def test_without_a_choice_the_effect_happens_and_the_log_says_it_is_the_default() -> None:
    s, res, _ = _manoeuvre()
    assert res.defender_choice == "effect"
    assert s.token("o").hp is None and [c.name for c in s.token("o").conditions] == ["prone"]
    assert s.log.entries[-1].said("en").endswith("lets knock down happen (default)")


def test_asking_the_defender_changes_nothing_until_answered() -> None:
    s = duel()
    s.roll_initiative(forced=[6, 1])
    entries = len(s.log.entries)
    dice = s.dice.rng.getstate()
    asked = s.manoeuvre("envoyer au sol", "a", "o", forced=[14, 5], defender_choice="ask")
    assert isinstance(asked, Decision)  # not answered: the manoeuvre does not happen
    assert s.token("o").hp is None and s.token("o").conditions == []
    assert len(s.log.entries) == entries and not s.dice.forced and s.dice.rng.getstate() == dice
    assert s.undo_text == s.history.undo_stack[-1].label and len(s.history.undo_stack) == 1
    with pytest.raises(EngineError, match="'effect' or 'damage', not 'both'"):
        s.manoeuvre("envoyer au sol", "a", "o", defender_choice="both")
