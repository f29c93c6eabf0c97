"""A breche35 creature on total defence makes no attack, so it threatens nothing: leaving its
squares provokes nothing from it and it flanks no one (000_d623f1b22a06cede.txt, "Le round de
combat": « Défense totale (+4 d'esquive à la CA, pas d'attaque) »)."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.stats import SAMPLE
from battlemap.text import words
from tests.helpers.words import fr

AWAY = [(4, 2), (4, 3)]  # from (4,1), beside O at (5,1), to out of its reach


def _session() -> Session:
    enc = Encounter(system="breche35", grid=Grid(cols=10, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=4, row=1, stats=SAMPLE),
        Token(id="o", name="O", side="foe", col=5, row=1, stats=SAMPLE),
        Token(id="p", name="P", side="foe", col=3, row=1, stats=SAMPLE)])
    s = Session(enc, seed=1)
    s.roll_initiative(forced=[10, 18, 16])  # O, P, then A: none of them flat-footed
    s.next_turn()
    s.next_turn()
    assert s.turn_state.current == "a"
    return s


def test_total_defence_threatens_nothing() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Défense totale (… pas d'attaque) ».
    s = _session()
    assert len(s.threatened_squares("o")) == 8
    assert SYSTEM.threatens(s.combatant("o"))
    s.add_condition("o", "total_defense")
    assert s.threatened_squares("o") == []
    assert not SYSTEM.threatens(s.combatant("o"))
    info = SYSTEM.conditions()["total_defense"]
    assert "ne menace personne (ni attaque d'opportunité, ni tenaille)" in fr(info.effects)


def test_leaving_a_total_defender_provokes_nothing_from_it() -> None:
    # 000_d623f1b22a06cede.txt, "Attaques d'opportunité": one provokes by leaving a square the
    # creature threatens; on total defence O threatens none, P still does.
    s = _session()
    assert sorted(p.by for p in s.preview_move("a", AWAY).path.provokes) == ["o", "p"]
    s.add_condition("o", "total_defense")
    seen = s.preview_move("a", AWAY)
    assert [(p.by, p.at) for p in seen.path.provokes] == [("p", (4, 1))]
    assert seen.explanation == ["3 m / 18 m", "P: opportunity attack when leaving (4, 1)"]


def test_total_defender_gives_no_flanking() -> None:
    # 000_d623f1b22a06cede.txt, "Modificateurs de situation": « Tenaille (un allié de l'autre
    # côté de la cible) | +2 au corps à corps »; the ally must threaten the target (docs/rules/README.md#geometry-by-system), and a creature that makes no attack threatens nothing.
    s = _session()
    flanked = s.preview_attack("p", "a")
    assert (flanked.situation.flanked, flanked.situation.flank_partners) == (True, ["o"])
    assert {words(m.name, "fr"): m.value for m in flanked.modifiers}["Tenaille"] == 2
    s.add_condition("o", "total_defense")
    alone = s.preview_attack("p", "a")
    assert (alone.situation.flanked, alone.situation.flank_partners) == (False, [])
    assert "Tenaille" not in {words(m.name, "fr") for m in alone.modifiers}
    assert alone.flanking.explanation == (
        'no flanking on A: O (total defence) threatens no square (000_d623f1b22a06cede.txt, '
        '"Le round de combat"), though opposite P')
