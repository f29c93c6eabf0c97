"""Geometry rulings in French (RULES.md §5: each system's own words) next to the English,
built from one template. The French cover nouns come from the seeds: 000
"Couverture partielle / totale", 003 "L'abri" (Abri partiel / supérieur / total),
001 "Modificateurs de Couverture"; flanking: 000 "Tenaille"."""

from __future__ import annotations

import copy

import pytest

from battlemap.geometry import area_squares, flanking, plan_path
from battlemap.geometry.cover import cover
from battlemap.geometry.words import cover_name
from battlemap.model import AreaTemplate
from battlemap.rules.core.system import get_system
from battlemap.text import Message, catalogue, number, words
from tests.helpers.geometry import build_scene, tok, wall

ARCHER = tok("archer", 2, 5, side="party")
TARGET = tok("target", 8, 5)
LOW_WALL = wall((5, 0), (5, 5.7))  # hides the target's two top corners from the best corner
FULL_WALL = wall((5, 0), (5, 20))


def _cover(system, walls):
    s = build_scene(system, [ARCHER, TARGET], walls)
    return cover(s.geo, "archer", "target", s.policy)


@pytest.mark.parametrize(("system", "noun"), [
    ("breche35", "couverture partielle"),  # 000 "Couverture partielle"
    ("dnd2024", "abri partiel"),  # 003 "L'abri": Abri partiel
    ("pmt", "couvert partiel"),  # RULES.md §5: pmt says "couvert"
])
def test_partial_cover_in_each_system_own_words(system, noun):
    res = _cover(system, [LOW_WALL])
    assert words(res.explanation, "fr") == (f"{noun} : coin (3,6) vers la case (8,5) : "
                                  "2 lignes bloquées sur 4 par mur")
    # The English stays what the CLI and the other tests read.
    level = "partial" if system == "breche35" else "half"
    assert res.explanation == (f"{level} cover: corner (3,6) to square (8,5): "
                               "2 of 4 lines blocked by wall")


def test_adnd2bis_hidden_share_in_french():
    res = _cover("adnd2bis", [LOW_WALL])
    pct = round(res.hidden_fraction * 100)
    assert words(res.explanation, "fr").endswith(f"2 lignes bloquées sur 4 par mur ; cible cachée à {pct} %")
    assert res.explanation.endswith(f"; {pct}% of the target hidden")


@pytest.mark.parametrize(("system", "noun"), [
    ("breche35", "couverture totale"), ("dnd2024", "abri total"),
    ("pmt", "couvert total"), ("adnd2bis", "couverture totale"),
])
def test_total_cover(system, noun):
    res = _cover(system, [FULL_WALL])
    assert words(res.explanation, "fr") == (f"{noun} : aucune ligne droite ne relie l'espace de "
                                  "l'attaquant à celui de la cible")
    assert res.explanation == ("total cover: no straight line from the attacker's space "
                               "reaches the target's")


def test_cover_level_names():
    # 003 "L'abri": three-quarters is "Abri supérieur"; 001 buckets read as percentages.
    abri, couverture = get_system("dnd2024").geometry, get_system("adnd2bis").geometry
    assert words(cover_name("three_quarters", abri), "fr") == "abri supérieur"
    assert cover_name("three_quarters", abri) == "three-quarters"
    assert words(cover_name("75", couverture), "fr") == "couverture 75 %"
    assert cover_name("75", couverture) == "75%"


def test_flanking_texts():
    a, t, p = tok("a", 2, 2, side="party"), tok("t", 3, 2), tok("p", 4, 2, side="party")
    s = build_scene("breche35", [a, t, p])
    res = flanking(s.geo, "a", "t", s.policy)
    assert words(res.explanation, "fr") == "tenaille : T est pris entre A et P"  # 000 "Tenaille"
    assert res.explanation == "T is flanked by A and P"
    s = build_scene("breche35", [a, t, tok("p", 4, 3, side="party")])
    res = flanking(s.geo, "a", "t", s.policy)
    # « de » elides before a vowel: « d'A » (« Tour d'Aude », not « Tour de Aude »).
    assert words(res.explanation, "fr") == "aucun allié d'A ne se tient à l'opposé, de l'autre côté de T"
    s = build_scene("dnd2024", [a, t, p])  # flanking is an option, off by default
    res = flanking(s.geo, "a", "t", s.policy)
    assert words(res.explanation, "fr") == "prise en tenaille : désactivée pour cette rencontre"
    assert res.explanation == "flanking is off for this encounter"


def _path(system, squares, tokens=None, walls=(), kind="normal"):
    tokens = tokens or [tok("m", 2, 2, side="party")]
    s = build_scene(system, tokens, list(walls))
    return plan_path(s.geo, "m", squares, s.policy, move_kind=kind)


def test_step_reasons_in_french():
    res = _path("dnd2024", [(3, 2)], walls=[wall((3, 0), (3, 20))])
    want = "un mur, une porte fermée ou une fenêtre barre le passage depuis (2,2)"
    assert words(res.steps[0].reason, "fr") == want and words(res.reason, "fr") == want
    assert res.reason == "a wall, closed door or window is in the way from (2,2)"
    assert words(_path("dnd2024", [(4, 2)]).reason, "fr") == "la case (4,2) n'est pas voisine de (2,2)"
    off = _path("dnd2024", [(1, 1), (0, 0), (-1, -1)])
    assert words(off.reason, "fr") == "la case (-1,-1) est hors de la grille"
    far = _path("dnd2024", [(2 + i, 2) for i in range(1, 8)])  # 7 squares, speed 9 m
    assert words(far.reason, "fr") == "le déplacement coûte 10,5 m, plus que les 9 m permis"
    assert far.reason == "the move costs 10.5 m, more than the 9 m allowed"


def test_occupancy_and_step_reasons_in_french():
    m = tok("m", 2, 2, side="party")
    ally = tok("ally", 3, 2, side="party")
    foe = tok("foe", 3, 2)
    assert (words(_path("dnd2024", [(3, 2)], tokens=[m, ally]).reason, "fr")
            == "impossible de finir le déplacement dans l'espace d'ally")
    assert (words(_path("breche35", [(3, 2), (4, 2)], tokens=[m, foe]).reason, "fr")
            == "l'espace de foe est celui d'un ennemi")
    # 000 actions: the 1.5 m step is "pas de placement (1,5 m)"; 001 counts in feet.
    two = [(3, 2), (4, 2)]
    assert (words(_path("breche35", two, kind="step").reason, "fr")
            == "un pas de placement (1,5 m) ne fait qu'une case (000 \"Le round de combat\": "
               "\"un pas de placement de 1,5 m\") : celui-ci en fait 2, 3 m")
    assert (words(_path("adnd2bis", two, kind="step").reason, "fr")
            == "un pas de placement (5') ne fait qu'une case (001 \"Opportunity Attacks et "
               "Désengagement\": \"5′ step\") : celui-ci en fait 2, 3 m")


def test_opportunity_attack_reasons_in_french():
    mover, foe = tok("m", 5, 5, side="party"), tok("e", 6, 5)
    breche = _path("breche35", [(5, 6)], tokens=[mover, foe])
    assert [(p.why, words(p.why, "fr")) for p in breche.provokes] == [
        ("leaves a square it threatens", "quitte une case qu'il menace")]
    d24 = _path("dnd2024", [(5, 6), (4, 7)], tokens=[mover, foe])
    assert [words(p.why, "fr") for p in d24.provokes] == ["quitte son allonge"]
    bis = _path("adnd2bis", [(4, 5)], tokens=[mover, foe], kind="step")
    assert [words(p.why, "fr") for p in bis.provokes] == ["quitte sa zone de contrôle"]


def _area(system, **tpl):
    s = build_scene(system, [], [], cols=30, rows=30)
    return area_squares(s.geo, AreaTemplate(**tpl), s.policy)


def test_area_square_reasons_in_french():
    burst = _area("breche35", shape="sphere", origin=(10.0, 10.0), size_m=4.5)
    corner = next(s for s in burst.squares if s.square == (11, 11))
    assert corner.why == "far corner 4.5 m from the origin"
    assert words(corner.why, "fr") == "coin le plus éloigné à 4,5 m de l'origine"
    half = _area("dnd2024", shape="sphere", origin=(10.0, 10.0), size_m=4.5)
    edge = next(s for s in half.squares if s.square == (12, 11))
    pct = round(edge.coverage * 100)
    assert edge.why == f"{pct}% of the square covered"
    assert words(edge.why, "fr") == f"case couverte à {pct} %"
    centre = _area("dnd2024", shape="sphere", origin=(10.0, 10.0), size_m=3.0, method="center")
    assert {words(s.why, "fr") for s in centre.squares} == {"centre de la case dans la zone"}


def test_french_is_not_serialised():
    # The CLI prints model_dump(): the French twins must not change it.
    res = _cover("dnd2024", [LOW_WALL])
    assert "explanation_fr" not in res.model_dump()
    assert res.model_dump()["explanation"] == res.explanation


def test_messages_and_numbers():
    text = Message.of("step.enemy", o="orc")
    assert text == "orc's space is an enemy's"
    assert words(text, "fr") == "l'espace d'orc est celui d'un ennemi"
    assert words("plain", "fr") == "plain"
    # Undo history and previews copy results: the message must survive a deep copy.
    assert words(copy.deepcopy(text), "fr") == words(text, "fr")
    assert words(Message.of("step.enemy", o="Hugues"), "fr") == (
        "l'espace de Hugues est celui d'un ennemi")
    assert number(4.5, "fr") == "4,5" and number(4.5, "en") == "4.5"
    assert words(Message.of("move.too_far", cost=3.0, limit=1.5), "fr") == (
        "le déplacement coûte 3 m, plus que les 1,5 m permis")
    assert all(key in catalogue.base("fr") for key in catalogue.base("en"))


def test_rulings_name_creatures_as_the_gm_knows_them_not_by_id():
    # Walkthrough of the breche35 demo: the attack panel read "aucun allié de mara ne se tient
    # à l'opposé, de l'autre côté de voyou-1" and the cover "… bloquée sur 4 par karim". The
    # texts are for the GM: token names; the JSON's id lists (partners, blocked_by) keep ids.
    def named(tid, col, row, name, side="foe"):
        return {**tok(tid, col, row, side=side), "name": name}

    mara = named("mara", 2, 2, "Mara, combattante", side="party")
    voyou = named("voyou-1", 3, 2, "Voyou au blouson")
    s = build_scene("breche35", [mara, voyou])  # 000 "Tenaille"
    res = flanking(s.geo, "mara", "voyou-1", s.policy)
    assert res.explanation == "no ally of Mara, combattante stands opposite across Voyou au blouson"
    karim = named("karim", 4, 2, "Karim", side="party")
    s = build_scene("breche35", [mara, voyou, karim])
    res = flanking(s.geo, "mara", "voyou-1", s.policy)
    assert res.partners == ["karim"]
    assert words(res.explanation, "fr") == "tenaille : Voyou au blouson est pris entre Mara, combattante et Karim"
    archer = named("archer", 2, 5, "Archère", side="party")
    goon = named("goon", 5, 5, "Malabar")
    s = build_scene("breche35", [archer, goon, named("target", 8, 5, "Cible")])
    res = cover(s.geo, "archer", "target", s.policy)
    assert res.blocked_by == ["goon"]
    assert res.explanation.endswith("blocked by Malabar")
