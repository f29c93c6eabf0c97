"""Grapple, escape, trip, charge, counter-charge, full defence (opposed checks, forced dice)."""

from __future__ import annotations

from battlemap.model import Size
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from tests.helpers.adnd2bis import OGRE, ORC, make
from tests.helpers.words import fr

OPTS = Adnd2bisOptions()


def man(name: str, a: Combatant, t: Combatant, forced: list[int], **options: object):  # type: ignore[no-untyped-def]
    req = ManoeuvreRequest(name=name, attacker=a, target=t, options=options)
    return SYSTEM.resolve_manoeuvre(req, Dice(forced=forced), OPTS)


def test_grapple_opposed_strength() -> None:
    # 001 "Grapple": attacker Str check vs defender Str or Dex (its best); Skills table:
    # Str 18/76 → +5 (score 18), orc Str 13 / Dex 10 → +1; allies +3 each, two at most
    wrestler = make("w", {"strength": "18/76"})
    orc = make("o", ORC)
    res = man("grapple", wrestler, orc, [11, 14])  # 16 vs 15
    assert res.success and res.conditions_added["o"][0].name == "grappled"
    tie = man("grapple", wrestler, orc, [10, 14])  # 15 vs 15: a tie keeps things as they are
    assert not tie.success
    assert not man("grapple", wrestler, orc, [10, 18]).success  # 15 vs 19
    helped = man("grapple", wrestler, orc, [10, 18], helpers=3)  # capped at 2 allies: +6
    assert helped.success
    assert {words(m.name, "fr"): m.value for m in helped.modifiers}["Aide d'un allié ×2"] == 6


def test_grapple_limits_size() -> None:
    # 001 "Grapple": the target may be at most one size larger
    halfling = make("h", {"strength": "16"}, size=Size.SMALL)
    ogre = make("g", OGRE, size=Size.LARGE)
    assert not man("grapple", halfling, ogre, []).success


def test_trip_prone_or_push_and_fumble() -> None:
    # 001 "Trip": success → prone or pushed 5/10'; attacker's fumble → attacker prone
    a, orc = make("a", {"strength": "17", "dexterity": 12}), make("o", ORC)
    prone = man("trip", a, orc, [12, 5])
    assert prone.success and prone.conditions_added["o"][0].name == "prone"
    push = man("trip", a, orc, [12, 5], push_ft=10)
    assert push.success and fr(push.effects) == ["cible repoussée de 10' (3 m)"]
    fumble = man("trip", a, orc, [1, 2])
    assert not fumble.success and fumble.conditions_added["a"][0].name == "prone"


def test_escape() -> None:
    # 001 "S'échapper d'un grapple": Str/Dex/Escape Artist vs the grappler's Str
    thief = make("t", {"dexterity": 17, "skills": {"escape_artist": 5}}, conditions=("grappled",))
    ogre = make("g", OGRE, conditions=("grappling",))
    res = man("escape", thief, ogre, [9, 12])  # 9 + 4 + 5 = 18 vs 12 + 5 = 17
    assert res.success


def test_escape_needs_a_grapple() -> None:
    # Walkthrough: "escape" from a foe that held nobody "succeeded" ("… n'est plus attrapé").
    # 001 "S'échapper d'un grapple": "Une créature attrapée doit réussir …": only a grappled
    # creature escapes; no die is rolled otherwise.
    thief = make("t", {"dexterity": 17, "skills": {"escape_artist": 5}})
    res = man("escape", thief, make("g", OGRE), [])
    assert not res.success and res.rolls == [] and res.conditions_removed == {}
    assert fr(res.notes) == ["t n'est pas attrapé : rien dont s'échapper"]


def test_charge_needs_twenty_feet() -> None:
    # 001 "Charge": ≥ 20' in a straight line on clear ground; −2 AC for a full round
    a, orc = make("a", {}), make("o", ORC)
    assert not man("charge", a, orc, [], distance_m=4.5).success
    ok = man("charge", a, orc, [], distance_m=6)
    assert ok.success and ok.conditions_added["a"][0].name == "charging"
    # "pendant un round de combat complet": no countdown, the charger's next turn ends it
    assert ok.conditions_added["a"][0].rounds_left is None
    charging = make("a", {}, conditions=("charging",))
    ends = SYSTEM.start_of_turn(charging, Dice(), OPTS)
    assert ends[0].conditions_removed == ["charging"]


def test_counter_charge_needs_polearm_and_preparation() -> None:
    # 001 "Contre-charge"
    pike = make("p", {"weapons": [{"name": "Pique", "damage": "1d6", "damage_type": "piercing",
                                   "polearm": True, "reach_m": 3}]})
    charger = make("c", {})
    assert not man("counter_charge", pike, charger, []).success
    assert man("counter_charge", pike, charger, [], prepared=True).success
    sword = make("s", {"weapons": [{"name": "Épée", "damage": "1d8", "damage_type": "slashing"}]})
    assert not man("counter_charge", sword, charger, [], prepared=True).success


def test_full_defence_plus_four_or_five() -> None:
    # 001 "Full Defence": +4 AC, +5 back to a wall or with a tower shield
    a = make("a", {})
    assert man("full_defence", a, a, []).modifiers[0].value == 4
    assert man("full_defence", a, a, [], back_to_wall=True).modifiers[0].value == 5
