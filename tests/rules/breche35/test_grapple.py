"""Grapple penalties count « contre les autres » (000_d623f1b22a06cede.txt, "Manœuvres":
« En lutte : … on n'a pas son bonus de Dextérité contre les autres »; "États": « Immobilisé
(en lutte) : … −4 à la CA contre les autres »). Mara: AC 17 = 10 + armour 4 + Dex 2 + dodge 1;
the ganger: AC 13 = 10 + armour 2 + Dex 1."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest, ManoeuvreResult
from tests.helpers.breche35 import ForcedDice, attack, ganger, mara

SEED_MANOEUVRES = '000_d623f1b22a06cede.txt, "Manœuvres"'
WHY_MARA = "pas contre son adversaire de lutte (Mara) : « contre les autres »"


def held(c: Combatant, by: str, *names: str) -> Combatant:
    return c.model_copy(update={"conditions": [Condition(name=n, source=by) for n in names]})


def thug() -> Combatant:
    """A third creature, not in the grapple."""
    return ganger().model_copy(update={"id": "thug", "name": "Thug"})


def grapple(a: Combatant, t: Combatant, forced: list[int], action: str) -> ManoeuvreResult:
    dice = ForcedDice(forced=forced)
    req = ManoeuvreRequest(name="grapple", attacker=a, target=t, options={"action": action})
    res = SYSTEM.resolve_manoeuvre(req, dice, Breche35Options())
    assert not dice.forced
    return res


def test_grapple_records_each_partner_on_the_condition() -> None:
    # 000_d623f1b22a06cede.txt, "Manœuvres": touch 5 + 8 = 13 against touch AC 11, then lutte
    # 10 + 8 = 18 against 10 + 3 = 13; the pin 18 against 13.
    start = grapple(mara(), ganger(), [5, 10, 10], "start")
    assert {k: [(c.name, c.source) for c in v] for k, v in start.conditions_added.items()} == {
        "mara": [("grappling", "ganger")], "ganger": [("grappling", "mara")]}
    pin = grapple(held(mara(), "ganger", "grappling"), held(ganger(), "mara", "grappling"),
                  [10, 10], "pin")
    assert [(c.name, c.source) for c in pin.conditions_added["ganger"]] == [("pinned", "mara")]


def test_grappling_keeps_its_dex_against_its_partner_only() -> None:
    # 000_d623f1b22a06cede.txt, "Manœuvres": « pas son bonus de Dextérité contre les autres ».
    target = held(mara(), "ganger", "grappling")
    partner = attack(ganger(), target, [1]).attacks[0]  # natural 1: no damage roll
    assert (partner.target_number, partner.target_label) == (17, "CA 17")
    assert [(d.name, d.value, d.source, d.why) for d in partner.dropped] == [
        ("En lutte (perd son bonus de Dextérité)", -3, SEED_MANOEUVRES,
         "pas contre son adversaire de lutte (Ganger) : « contre les autres »")]
    other = attack(thug(), target, [1]).attacks[0]
    assert (other.target_number, other.target_label) == (14, "CA 14 (pris au dépourvu)")
    assert [(d.name, d.value, d.why) for d in other.dropped] == [
        ("Dextérité", 2, "perd son bonus de Dextérité et d'esquive (En lutte)"),
        ("Esquive", 1, "perd son bonus de Dextérité et d'esquive (En lutte)")]


def test_pinned_loses_4_ac_against_the_others_only() -> None:
    # 000_d623f1b22a06cede.txt, "États": « Immobilisé (en lutte) : … −4 à la CA contre les
    # autres ». Against Mara, who pins it: 13, both penalties shown as dropped.
    target = held(ganger(), "mara", "grappling", "pinned")
    partner = attack(mara(), target, [1]).attacks[0]
    assert partner.target_number == 13
    assert [(d.name, d.value, d.why) for d in partner.dropped] == [
        ("Immobilisé (en lutte)", -4, WHY_MARA),
        ("En lutte (perd son bonus de Dextérité)", -1, WHY_MARA)]
    # Against anyone else: 10 + 2 − 4 = 8, the Dex +1 lost.
    other = attack(thug(), target, [1]).attacks[0]
    assert other.target_number == 8
    assert ("Immobilisé (en lutte)", -4) in [(m.name, m.value) for m in other.modifiers]
    assert [(d.name, d.value) for d in other.dropped] == [("Dextérité", 1)]


def test_partner_spared_only_when_nothing_else_removes_the_dex() -> None:
    # 000_d623f1b22a06cede.txt, "États": « Aveuglé : −2 à la CA, perd son bonus de
    # Dextérité » still counts for the partner: 13 − 2 − 1 = 10.
    target = ganger().model_copy(update={"conditions": [
        Condition(name="grappling", source="mara"), Condition(name="blinded")]})
    res = attack(mara(), target, [1]).attacks[0]
    assert (res.target_number, res.target_label) == (10, "CA 10 (pris au dépourvu)")
    assert [(d.name, d.why) for d in res.dropped] == [
        ("Dextérité", "perd son bonus de Dextérité et d'esquive (Aveuglé)")]


def test_no_recorded_partner_counts_against_everyone() -> None:
    # A condition set by hand, or saved when the grapple wrote the seed section as its source:
    # the partner is unknown, so « contre les autres » cannot spare anyone: 13 − 1 − 4 = 8.
    for source in ("", SEED_MANOEUVRES):
        target = held(ganger(), source, "grappling", "pinned")
        assert attack(mara(), target, [1]).attacks[0].target_number == 8
