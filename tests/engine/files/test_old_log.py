"""A file written when the log kept each summary in both languages (`summary_en`,
`summary_fr`, and French twins in the details) still opens: the loader's upgrade turns each
into a message that says both as they were written, and a save writes the new form."""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.engine import Session
from battlemap.engine.log_text import detail_lines

DEMO = Path(__file__).resolve().parents[3] / "assets" / "demo" / "dnd2024-crypt.json"


def _old_file(tmp_path: Path) -> Path:
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    data["log"] = [
        {"id": 1, "kind": "round", "round": 1, "summary_fr": "Round 1", "summary_en": "Round 1"},
        {"id": 2, "kind": "attack", "round": 1, "actor": "a",
         "summary_fr": "Attaque : Ana → Gob : touché, 5 dégâts",
         "summary_en": "Attack: Ana → Gob: hit, 5 damage",
         "details": {"attacks": [{"outcome": "hit", "advantage_why": "advantage: prone",
                                  "advantage_why_fr": "avantage : à terre"}],
                     "spared": [{"token": "g", "name": "Gob", "why": "left out",
                                 "why_fr": "hors de la zone"}]}},
    ]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_an_old_log_reads_in_both_languages_as_written(tmp_path: Path) -> None:
    s = Session.open(_old_file(tmp_path))
    first, attack = s.log.entries
    assert (first.said("fr"), first.said("en")) == ("Round 1", "Round 1")
    assert attack.said("fr") == "Attaque : Ana → Gob : touché, 5 dégâts"
    assert attack.said("en") == "Attack: Ana → Gob: hit, 5 damage"
    fr = detail_lines(attack.details, "fr")
    assert "  avantage : à terre" in fr and "Gob : hors de la zone" in fr
    en = detail_lines(attack.details, "en")
    assert "  advantage: prone" in en and "Gob: left out" in en


def test_saving_an_old_log_writes_messages(tmp_path: Path) -> None:
    path = _old_file(tmp_path)
    s = Session.open(path)
    s.save(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == 1
    assert all("summary_fr" not in e and "summary_en" not in e for e in saved["log"])
    assert saved["log"][1]["summary"] == {"key": "log.recorded", "params": {"text": {
        "en": "Attack: Ana → Gob: hit, 5 damage", "fr": "Attaque : Ana → Gob : touché, 5 dégâts"}}}
    again = Session.open(path)
    assert again.log.entries[1].said("fr") == "Attaque : Ana → Gob : touché, 5 dégâts"
