"""The breche35 charge on the map: +2 on the charge's own attack only, −2 AC for the charger
until its next turn (000_d623f1b22a06cede.txt, "Le round de combat")."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.breche35.stats import SAMPLE

ROUND = '000_d623f1b22a06cede.txt, "Le round de combat"'
RUN_UP = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]  # 5 squares straight: 7.5 m, ≤ 2 × 9 m


def _session(*extra: Token) -> Session:
    # SAMPLE: BBA +5, Str 16 (+3), AC 17 = 10 + armour 4 + Dex 2 + dodge 1.
    enc = Encounter(system="breche35", grid=Grid(cols=14, rows=5), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=SAMPLE),
        Token(id="o", name="O", side="foe", col=7, row=1, stats=SAMPLE), *extra])
    return Session(enc, seed=1)


def _ac_parts(mods: list) -> list[tuple[str, int, str]]:  # type: ignore[type-arg]
    return [(m.name, m.value, m.source) for m in mods if m.applies_to == "ac"]


def test_charger_has_minus_two_ac_until_its_next_turn() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Charge : … −2 à la CA jusqu'au
    # prochain tour. »
    s = _session()
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
    s = _session()
    s.roll_initiative(forced=[18, 2])
    s.move("a", RUN_UP, kind="charge")
    assert {m.name: m.value for m in s.preview_attack("a", "o").modifiers}["Charge"] == 2
    blow = s.attack("a", "o", forced=[2]).result.attacks[0]
    assert (blow.total, {m.name: m.value for m in blow.modifiers}["Charge"]) == (12, 2)  # 2+5+3+2
    assert "Charge" not in {m.name for m in s.preview_attack("a", "o").modifiers}
    s.next_turn()
    out = s.move("o", [(8, 1)], oa="resolve", forced=[10, 1])
    oa = out.opportunity_attacks[0].attacks[0]
    assert out.opportunity_attacks[0].attacker == "a"
    assert "Charge" not in {m.name for m in oa.modifiers}
    assert oa.total == 18  # 10 + BBA 5 + Str 3, no charge bonus


def test_opportunity_attack_during_the_charge_meets_the_lowered_ac() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": the −2 AC starts with the charge
    # (« Charge | complexe | oui, pendant le déplacement »): G's attack of opportunity on the
    # charging A aims at AC 15.
    s = _session(Token(id="g", name="G", side="foe", col=3, row=0, stats=SAMPLE))
    s.roll_initiative(forced=[18, 2, 20])  # G, A, O
    s.next_turn()  # G has acted: no longer flat-footed
    out = s.move("a", RUN_UP, kind="charge", oa="resolve", forced=[10, 1])
    oa = out.opportunity_attacks[0]
    assert oa.attacker == "g"
    assert ("Charge", -2, ROUND) in _ac_parts(oa.attacks[0].modifiers)
    assert oa.attacks[0].target_number == 15
