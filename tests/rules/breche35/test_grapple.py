"""Grapple penalties count « contre les autres » (000_d623f1b22a06cede.txt, "Manœuvres":
« En lutte : … on n'a pas son bonus de Dextérité contre les autres »; "États": « Immobilisé
(en lutte) : … −4 à la CA contre les autres »). Mara: AC 17 = 10 + armour 4 + Dex 2 + dodge 1;
the ganger: AC 13 = 10 + armour 2 + Dex 1."""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.engine import Session
from battlemap.model import Condition, Encounter, Grid, Token
from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.stats import SAMPLE
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest, ManoeuvreResult
from battlemap.text import words
from tests.helpers.breche35 import ForcedDice, attack, ganger, mara
from tests.helpers.words import fr

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
    assert (partner.target_number, words(partner.target_label, "fr")) == (17, "CA 17")
    assert [(words(d.name, "fr"), d.value, d.source, fr(d.why)) for d in partner.dropped] == [
        ("En lutte (perd son bonus de Dextérité)", -3, SEED_MANOEUVRES,
         "pas contre son adversaire de lutte (Ganger) : « contre les autres »")]
    other = attack(thug(), target, [1]).attacks[0]
    assert (other.target_number, words(other.target_label, "fr")) == (14, "CA 14 (pris au dépourvu)")
    assert [(words(d.name, "fr"), d.value, fr(d.why)) for d in other.dropped] == [
        ("Dextérité", 2, "perd son bonus de Dextérité et d'esquive (En lutte)"),
        ("Esquive", 1, "perd son bonus de Dextérité et d'esquive (En lutte)")]


def test_pinned_loses_4_ac_against_the_others_only() -> None:
    # 000_d623f1b22a06cede.txt, "États": « Immobilisé (en lutte) : … −4 à la CA contre les
    # autres ». Against Mara, who pins it: 13, both penalties shown as dropped.
    target = held(ganger(), "mara", "grappling", "pinned")
    partner = attack(mara(), target, [1]).attacks[0]
    assert partner.target_number == 13
    assert [(words(d.name, "fr"), d.value, fr(d.why)) for d in partner.dropped] == [
        ("Immobilisé (en lutte)", -4, WHY_MARA),
        ("En lutte (perd son bonus de Dextérité)", -1, WHY_MARA)]
    # Against anyone else: 10 + 2 − 4 = 8, the Dex +1 lost.
    other = attack(thug(), target, [1]).attacks[0]
    assert other.target_number == 8
    assert ("Immobilisé (en lutte)", -4) in [(words(m.name, "fr"), m.value) for m in other.modifiers]
    assert [(words(d.name, "fr"), d.value) for d in other.dropped] == [("Dextérité", 1)]


def test_partner_spared_only_when_nothing_else_removes_the_dex() -> None:
    # 000_d623f1b22a06cede.txt, "États": « Aveuglé : −2 à la CA, perd son bonus de
    # Dextérité » still counts for the partner: 13 − 2 − 1 = 10.
    target = ganger().model_copy(update={"conditions": [
        Condition(name="grappling", source="mara"), Condition(name="blinded")]})
    res = attack(mara(), target, [1]).attacks[0]
    assert (res.target_number, words(res.target_label, "fr")) == (10, "CA 10 (pris au dépourvu)")
    assert [(words(d.name, "fr"), fr(d.why)) for d in res.dropped] == [
        ("Dextérité", "perd son bonus de Dextérité et d'esquive (Aveuglé)")]


def test_no_recorded_partner_counts_against_everyone() -> None:
    # A condition set by hand, or saved when the grapple wrote the seed section as its source:
    # the partner is unknown, so « contre les autres » cannot spare anyone: 13 − 1 − 4 = 8.
    for source in ("", SEED_MANOEUVRES):
        target = held(ganger(), source, "grappling", "pinned")
        assert attack(mara(), target, [1]).attacks[0].target_number == 8


def _trio() -> Session:
    enc = Encounter(system="breche35", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=SAMPLE),
        Token(id="b", name="B", side="foe", col=2, row=1, stats=SAMPLE),
        Token(id="c", name="C", side="party", col=2, row=2, stats=SAMPLE)])
    return Session(enc, seed=1)


def _ac(s: Session, attacker: str) -> int:
    return s.preview_attack(attacker, "b").target_number


def test_grapple_and_pin_spare_the_partner_only(tmp_path: Path) -> None:
    # 000_d623f1b22a06cede.txt, "Manœuvres": touch 10 + 8 = 18 against touch AC 13, then
    # lutte 15 + 8 = 23 against 3 + 8 = 11; the pin 23 against 11.
    s = _trio()
    assert s.manoeuvre("grapple", "a", "b", forced=[10, 15, 3], action="start").success
    assert [(c.name, c.source) for c in s.token("b").conditions] == [("grappling", "a")]
    assert [(c.name, c.source) for c in s.token("a").conditions] == [("grappling", "b")]
    assert (_ac(s, "a"), _ac(s, "c")) == (17, 14)  # "pas son bonus de Dextérité contre les autres"
    assert s.manoeuvre("grapple", "a", "b", forced=[15, 3], action="pin").success
    assert (_ac(s, "a"), _ac(s, "c")) == (17, 10)  # "Immobilisé : −4 à la CA contre les autres"
    path = s.save(tmp_path / "grapple.json")
    again = Session.open(path, seed=1)
    assert [(c.name, c.source) for c in again.token("b").conditions] == [
        ("grappling", "a"), ("pinned", "a")]
    assert (_ac(again, "a"), _ac(again, "c")) == (17, 10)


def test_file_saved_before_the_partner_was_recorded_still_loads(tmp_path: Path) -> None:
    # Before, the grapple wrote the seed section as the source: no partner known, so the
    # penalties count against everyone, as they did (17 − 2 − 1 − 4 = 10).
    s = _trio()
    raw = json.loads(s.save(tmp_path / "new.json").read_text(encoding="utf-8"))
    old = '000_d623f1b22a06cede.txt, "Manœuvres"'
    for t in raw["tokens"]:
        if t["id"] in ("a", "b"):
            t["conditions"] = [{"name": "grappling", "source": old}]
    next(t for t in raw["tokens"] if t["id"] == "b")["conditions"].append(
        {"name": "pinned", "source": old})
    (tmp_path / "old.json").write_text(json.dumps(raw), encoding="utf-8")
    loaded = Session.open(tmp_path / "old.json", seed=1)
    assert (_ac(loaded, "a"), _ac(loaded, "c")) == (10, 10)
