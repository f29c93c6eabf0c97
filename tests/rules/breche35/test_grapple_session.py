"""breche35 grapple through Session: the partner is recorded on the conditions, survives a save,
and the grapple penalties count only « contre les autres » (000_d623f1b22a06cede.txt,
"Manœuvres" and "États"). Three copies of Mara: AC 17 = 10 + armour 4 + Dex 2 + dodge 1."""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.breche35.stats import SAMPLE


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
