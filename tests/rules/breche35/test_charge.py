"""The breche35 charge, at every layer that plays it: the path (a straight line of at least
3 m), the engine's moves and turns (+2 on the charge's own attack only, −2 AC for the charger
until its next turn, one attack), the attack roll, and what a charger or runner may not do (a
run that turns, either one when fatigued or exhausted). 000_d623f1b22a06cede.txt, "Le round
de combat"."""

from __future__ import annotations

import pytest

from battlemap.engine import Refused, Session
from battlemap.model import Condition, Encounter, Grid, Token
from battlemap.rules.breche35.stats import SAMPLE
from battlemap.text import words
from tests.helpers.breche35 import attack, ganger, mara, mods
from tests.helpers.geometry import plan_on_open_ground as _plan


def _session(*conditions: str) -> Session:
    enc = Encounter(system="breche35", grid=Grid(cols=14, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=SAMPLE,
              conditions=[Condition(name=c) for c in conditions]),
        Token(id="o", name="O", side="foe", col=9, row=1, stats=SAMPLE)])
    s = Session(enc, seed=1)
    s.roll_initiative(forced=[18, 2])  # A's turn
    return s


def test_charge_shorter_than_three_metres_is_refused() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Charge : un déplacement en ligne droite
    # d'au moins 3 m ».
    s = _session()
    short = s.preview_move("a", [(2, 1)], kind="charge")
    assert (short.legal, str(short.reason)) == (False, "a charge covers at least 3 m (1.5 m here)")
    assert words(short.reason, "fr") == "une charge parcourt au moins 3 m (ici 1,5 m)"
    with pytest.raises(Refused) as no:
        s.move("a", [(2, 1)], kind="charge")
    assert no.value.reason == "A cannot move there: a charge covers at least 3 m (1.5 m here)."
    assert s.token("a").col == 1
    s.move("a", [(2, 1), (3, 1)], kind="charge")  # exactly 3 m
    assert s.token("a").col == 3


def test_run_must_go_in_a_straight_line() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Course (quatre fois sa vitesse en ligne
    # droite) ».
    s = _session()
    bent = s.preview_move("a", [(2, 1), (3, 1), (4, 2)], kind="run")
    assert (bent.legal, str(bent.reason)) == (False, "a run goes in a straight line")
    assert words(bent.reason, "fr") == "une course se fait en ligne droite"
    with pytest.raises(Refused):
        s.move("a", [(2, 1), (3, 1), (4, 2)], kind="run")
    straight = s.preview_move("a", [(c, 1) for c in range(2, 9)], kind="run")  # 10.5 m
    assert (straight.legal, straight.path.cost_m, straight.allowance_m) == (True, 10.5, 36.0)


@pytest.mark.parametrize(("condition", "en", "fr"), [
    ("fatigued", "Fatigued", "Fatigué"), ("exhausted", "Exhausted", "Épuisé")])
@pytest.mark.parametrize(("kind", "fr_kind"), [("charge", "« charge »"), ("run", "« course »")])
def test_fatigued_or_exhausted_cannot_charge_nor_run(condition: str, en: str, fr: str,
                                                     kind: str, fr_kind: str) -> None:
    # 000_d623f1b22a06cede.txt, "États": « Fatigué | … ne peut ni courir ni charger »; Épuisé
    # (« une heure de repos le rend seulement fatigué ») is worse, so it cannot either.
    s = _session(condition)
    path = [(2, 1), (3, 1), (4, 1)]
    seen = s.preview_move("a", path, kind=kind)
    assert (seen.legal, str(seen.reason)) == (False, f"cannot {kind} while {en}")
    assert words(seen.reason, "fr") == f"{fr_kind} est impossible ({fr})"
    with pytest.raises(Refused) as no:
        s.move("a", path, kind=kind)
    assert no.value.reason == f"A cannot move there: cannot {kind} while {en}."
    assert words(no.value.reason, "fr") == f"A ne peut pas aller là : {fr_kind} est impossible ({fr})."
    assert s.preview_move("a", path).legal  # walking is still allowed


ROUND = '000_d623f1b22a06cede.txt, "Le round de combat"'
RUN_UP = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]  # 5 squares straight: 7.5 m, ≤ 2 × 9 m


def _charge_duel(*extra: Token) -> Session:
    # SAMPLE: BBA +5, Str 16 (+3), AC 17 = 10 + armour 4 + Dex 2 + dodge 1.
    enc = Encounter(system="breche35", grid=Grid(cols=14, rows=5), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=SAMPLE),
        Token(id="o", name="O", side="foe", col=7, row=1, stats=SAMPLE), *extra])
    return Session(enc, seed=1)


def _ac_parts(mods: list) -> list[tuple[str, int, str]]:  # type: ignore[type-arg]
    return [(words(m.name, "fr"), m.value, m.source) for m in mods if m.applies_to == "ac"]


def test_charger_has_minus_two_ac_until_its_next_turn() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Charge : … −2 à la CA jusqu'au
    # prochain tour. »
    s = _charge_duel()
    s.roll_initiative(forced=[18, 2])  # A acts first, then O
    s.move("a", RUN_UP, kind="charge")
    assert [(c.name, c.source) for c in s.token("a").conditions] == [("charging", ROUND)]
    s.attack("a", "o", forced=[2])
    s.next_turn()  # O's turn: A is still charging
    seen = s.preview_attack("o", "a")
    assert ("Charge", -2, ROUND) in _ac_parts(seen.modifiers)
    assert seen.target_number == 15  # 17 − 2
    s.next_turn()  # A's next turn: the penalty ends
    assert not s.token("a").has_condition("charging")
    s.next_turn()
    back = s.preview_attack("o", "a")
    assert "Charge" not in [n for n, _, _ in _ac_parts(back.modifiers)]
    assert back.target_number == 17


def test_charge_bonus_only_on_the_charge_attack_not_on_opportunity_attacks() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « puis une attaque au corps à corps à
    # +2 »: the charge's one attack; not the charger's opportunity attacks until its next turn.
    s = _charge_duel()
    s.roll_initiative(forced=[18, 2])
    s.move("a", RUN_UP, kind="charge")
    assert {words(m.name, "fr"): m.value for m in s.preview_attack("a", "o").modifiers}["Charge"] == 2
    blow = s.attack("a", "o", forced=[2]).result.attacks[0]
    assert (blow.total, {words(m.name, "fr"): m.value for m in blow.modifiers}["Charge"]) == (12, 2)  # 2+5+3+2
    assert "Charge" not in {words(m.name, "fr") for m in s.preview_attack("a", "o").modifiers}
    s.next_turn()
    out = s.move("o", [(8, 1)], oa="resolve", forced=[10, 1])
    oa = out.opportunity_attacks[0].attacks[0]
    assert out.opportunity_attacks[0].attacker == "a"
    assert "Charge" not in {words(m.name, "fr") for m in oa.modifiers}
    assert oa.total == 18  # 10 + BBA 5 + Str 3, no charge bonus


def test_opportunity_attack_during_the_charge_meets_the_lowered_ac() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": the −2 AC starts with the charge
    # (« Charge | complexe | oui, pendant le déplacement »): G's attack of opportunity on the
    # charging A aims at AC 15.
    s = _charge_duel(Token(id="g", name="G", side="foe", col=3, row=0, stats=SAMPLE))
    s.roll_initiative(forced=[18, 2, 20])  # G, A, O
    s.next_turn()  # G has acted: no longer flat-footed
    out = s.move("a", RUN_UP, kind="charge", oa="resolve", forced=[10, 1])
    oa = out.opportunity_attacks[0]
    assert oa.attacker == "g"
    assert ("Charge", -2, ROUND) in _ac_parts(oa.attacks[0].modifiers)
    assert oa.attacks[0].target_number == 15


def test_breche35_charge_includes_one_attack() -> None:
    # 000_d623f1b22a06cede.txt, "Charge": a full-round action, up to twice the speed in a straight
    # line, then one melee attack at +2.
    s = _charge_duel()
    s.roll_initiative(forced=[18, 2])
    s.move("a", RUN_UP, kind="charge")
    out = s.attack("a", "o", forced=[15, 4])
    assert {words(m.name, "fr"): m.value for m in out.result.attacks[0].modifiers}["Charge"] == 2
    with pytest.raises(Refused):  # only the one attack
        s.attack("a", "o", forced=[15, 4])


def test_charge_plus_2_attack() -> None:
    # 000 "Le round de combat": "une attaque au corps à corps à +2 ; −2 à la CA".
    a = attack(mara(), ganger(), [3, 1], charging=True).attacks[0]
    assert mods(a.modifiers)["Charge"] == 2 and a.total == 13 and a.outcome == "hit"
    assert a.damage is not None and a.damage.total == 4
    charged = attack(ganger(), mara("charging"), [10]).attacks[0]
    assert mods(charged.modifiers, "ac")["Charge"] == -2 and charged.target_number == 15


def test_fatigued_creature_cannot_charge() -> None:
    # 000 "États", Fatigué: "ne peut ni courir ni charger"; −2 Str: 16 → 14, +3 → +2.
    a = attack(mara("fatigued"), ganger(), [3], charging=True).attacks[0]
    assert "Charge" not in mods(a.modifiers)
    assert a.total == 3 + 5 + 2


def test_breche35_charge_needs_three_metres_diagonals_counted_1_2() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « un déplacement en ligne droite d'au
    # moins 3 m »; one diagonal is 1.5 m, two are 4.5 m (1-2-1-2, docs/architecture.md#distance-metrics).
    one = _plan("breche35", [(3, 3)], "charge")
    assert (one.legal, one.cost_m, str(one.reason)) == (
        False, 1.5, "a charge covers at least 3 m (1.5 m here)")
    two = _plan("breche35", [(3, 3), (4, 4)], "charge")
    assert (two.legal, two.cost_m) == (True, 4.5)
    assert _plan("breche35", [(3, 2), (4, 2)], "charge").legal  # 3 m
    bent = _plan("breche35", [(3, 2), (4, 3), (5, 4)], "charge")
    assert (bent.legal, str(bent.reason)) == (
        False, "a charge goes in a straight line over clear ground")
