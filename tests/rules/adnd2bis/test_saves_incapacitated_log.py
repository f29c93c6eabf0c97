"""The log says why an incapacitated 2bis creature's save failed whatever the die
(001_dd346e63a171f715.txt, "Stunned / Dazed (Etourdi)": "automatically fails saving throws")."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Condition
from tests.engine.conftest import encounter, tok

ORC = {"max_hp": 6, "ac": 6, "thac0": 19, "dexterity": 17}


def test_stunned_dex_save_fails_and_the_log_names_the_rule() -> None:
    s = Session(encounter([tok("o", 1, 1, stats=ORC, name="Orc",
                               conditions=[Condition(name="stunned")])], system="adnd2bis"))
    res = s.save_throw("o", "dex", 10, forced=[20])
    assert (res.total, res.success) == (24, False)  # 20 + Dex 17 (+4)
    entry = s.log.entries[-1]
    for lang in ("fr", "en"):
        assert ('rate automatiquement : étourdi (tous les JS, 001_dd346e63a171f715.txt, '
                '"Stunned / Dazed (Etourdi)")') in s.log.render(entry, lang)
