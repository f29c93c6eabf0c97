"""What the engine tells the rules about the map and the table: a hostile creature next to
an archer (2024), an invisible target where the system does not read the condition itself
(2bis), and one flanking switch read the same way by geometry and by the rules."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import Session
from battlemap.model import Condition, Encounter, EncounterOptions, Grid, Token
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER as ADND_FIGHTER
from battlemap.rules.breche35.stats import SAMPLE as BRECHE_SAMPLE
from battlemap.rules.dnd2024.stats import SAMPLE as DND_SAMPLE
from battlemap.rules.pmt.stats import SAMPLE_FIGHTER as PMT_FIGHTER
from battlemap.text import words
from tests.helpers.words import fr

Spec = tuple[str, str, int, int, list[Condition]]  # id, side, col, row, conditions


def _session(system: str, stats: dict[str, Any], tokens: list[Spec],
             options: EncounterOptions | None = None) -> Session:
    enc = Encounter(system=system, grid=Grid(cols=10, rows=6),
                    options=options or EncounterOptions(),
                    tokens=[Token(id=i, name=i.upper(), side=side, col=c, row=r, stats=stats,
                                  conditions=conds) for i, side, c, r, conds in tokens])
    return Session(enc, seed=1)


# -- 2024: ranged attacks in close combat ------------------------------------------------------
# D&D 2024 PHB, "Ranged Attacks in Close Combat": Disadvantage when a hostile creature that
# can see you and isn't Incapacitated is within 1.5 m (the 003 glossary's reach, "Allonge").

def _archer(neighbour_side: str, conds: list[Condition]) -> Session:
    return _session("dnd2024", DND_SAMPLE, [("a", "party", 1, 1, []),
                                            ("n", neighbour_side, 2, 2, conds),  # diagonal
                                            ("t", "foe", 7, 1, [])])


def test_enemy_next_to_the_archer_gives_disadvantage() -> None:
    p = _archer("foe", []).preview_attack("a", "t", weapon="Arc long")
    assert p.situation.adjacent_enemy
    assert fr(p.advantage) == "disadvantage"
    assert "ennemi à 1,5 m" in fr(p.advantage_why)


@pytest.mark.parametrize(("side", "conds"), [
    ("party", []),  # an ally is no threat
    ("foe", [Condition(name="unconscious")]),  # Incapacitated
    ("foe", [Condition(name="blinded")]),  # cannot see the archer
])
def test_no_disadvantage_from_allies_or_helpless_enemies(side: str,
                                                         conds: list[Condition]) -> None:
    p = _archer(side, conds).preview_attack("a", "t", weapon="Arc long")
    assert not p.situation.adjacent_enemy and fr(p.advantage) == "normal"


def test_melee_attack_is_not_hindered_by_the_adjacent_enemy() -> None:
    s = _archer("foe", [])
    p = s.preview_attack("a", "n")  # the sword on the adjacent foe itself
    assert p.situation.adjacent_enemy and fr(p.advantage) == "normal"


# -- invisible targets ----------------------------------------------------------------------

def test_adnd2bis_invisible_target_is_unseen() -> None:
    # 001_dd346e63a171f715.txt, "Modificateurs de Couverture": invisible +2 AC. TAC0 14 − AC 2
    # = 12, +2 for invisibility = 14.
    s = _session("adnd2bis", ADND_FIGHTER, [("a", "party", 2, 2, []),
                                            ("t", "foe", 3, 2, [Condition(name="invisible")])])
    p = s.preview_attack("a", "t")
    assert p.situation.target_unseen
    assert p.target_number == 14
    assert [words(m.name, "fr") for m in p.modifiers if m.applies_to == "ac"] == ["Invisible"]


def test_breche35_reads_invisible_itself_no_double_count() -> None:
    # 000_d623f1b22a06cede.txt, "Capacités spéciales": the 3.5 attack code turns the
    # condition into total concealment; the situation flag stays off.
    s = _session("breche35", BRECHE_SAMPLE, [("a", "party", 2, 2, []),
                                             ("t", "foe", 3, 2, [Condition(name="invisible")])])
    assert not s.preview_attack("a", "t").situation.target_unseen


# -- one flanking switch --------------------------------------------------------------------

def _flank(system: str, stats: dict[str, Any], options: EncounterOptions | None = None
           ) -> Session:
    return _session(system, stats, [("a", "party", 2, 2, []), ("b", "party", 4, 2, []),
                                    ("t", "foe", 3, 2, [])], options)


def test_dnd2024_flanking_off_by_default() -> None:
    # docs/rules/dnd2024.md#the-map: no flanking in the glossary, default off.
    s = _flank("dnd2024", DND_SAMPLE)
    p = s.preview_attack("a", "t")
    assert s.policy.flanking == "off" and not s.options.flanking
    assert not p.situation.flanked and fr(p.advantage) == "normal"


@pytest.mark.parametrize("how", ["encounter", "rules"])
def test_dnd2024_flanking_switch_reaches_geometry_and_rules(how: str) -> None:
    # docs/rules/dnd2024.md#the-map option "flanking gives advantage" (docs/architecture.md#flanking adjacency test).
    s = _flank("dnd2024", DND_SAMPLE)
    if how == "encounter":
        s.set_options(flanking=True)
    else:
        s.set_options(rules={"flanking": True})
    assert s.encounter.options.flanking is True and "flanking" not in s.encounter.options.rules
    assert s.options.flanking and s.policy.flanking == "adjacent_ally_opposite"
    p = s.preview_attack("a", "t")
    assert p.situation.flanked and fr(p.advantage) == "advantage"
    assert "prise en tenaille" in fr(p.advantage_why)


def test_dnd2024_rules_value_in_a_file_is_read_by_geometry_too() -> None:
    # A file written before the merge may hold the switch in the system's options only.
    s = _flank("dnd2024", DND_SAMPLE, EncounterOptions(rules={"flanking": True}))
    assert s.policy.flanking == "adjacent_ally_opposite"
    assert fr(s.preview_attack("a", "t").advantage) == "advantage"


def test_encounter_switch_wins_over_the_rules_value() -> None:
    s = _flank("dnd2024", DND_SAMPLE,
               EncounterOptions(flanking=False, rules={"flanking": True}))
    assert not s.options.flanking and s.policy.flanking == "off"
    assert fr(s.preview_attack("a", "t").advantage) == "normal"


def test_adnd2bis_flanking_on_by_default_and_switched_off() -> None:
    # 001_dd346e63a171f715.txt, "Flanking": +2 to hit for every attacker.
    s = _flank("adnd2bis", ADND_FIGHTER)
    mods = {words(m.name, "fr"): m.value for m in s.preview_attack("a", "t").modifiers}
    assert mods.get("Flanking") == 2
    s.set_options(flanking=False)
    p = s.preview_attack("a", "t")
    assert s.policy.flanking == "off" and not s.options.flanking and not p.situation.flanked
    assert "Flanking" not in {words(m.name, "fr") for m in p.modifiers}


def test_adnd2bis_an_archer_shooting_at_a_flanked_target_has_the_bonus_too() -> None:
    # 001_dd346e63a171f715.txt, "Flanking": "toutes les créatures l'attaquant bénéficient
    # d'un bonus de +2 toHit". t is flanked by a and b; the archer c, 6 squares off, shoots.
    s = _session("adnd2bis", ADND_FIGHTER, [("a", "party", 2, 2, []), ("b", "party", 4, 2, []),
                                            ("t", "foe", 3, 2, []), ("c", "party", 9, 5, [])])
    p = s.preview_attack("c", "t", weapon="Arc long")
    assert p.situation.kind == "ranged" and p.situation.flanked
    assert {words(m.name, "fr"): m.value for m in p.modifiers}["Flanking"] == 2
    assert p.flanking.partners == ["a", "b"]
    # The same archer at a target nobody flanks (b one square down): no bonus.
    s = _session("adnd2bis", ADND_FIGHTER, [("a", "party", 2, 2, []), ("b", "party", 4, 3, []),
                                            ("t", "foe", 3, 2, []), ("c", "party", 9, 5, [])])
    p = s.preview_attack("c", "t", weapon="Arc long")
    assert not p.situation.flanked and "Flanking" not in {words(m.name, "fr") for m in p.modifiers}


def test_pmt_flanking_option_gives_plus_two() -> None:
    # docs/rules/pmt.md#the-map: seed silent, default off; option +2 to hit.
    s = _flank("pmt", PMT_FIGHTER)
    assert "Prise en tenaille" not in {words(m.name, "fr") for m in s.preview_attack("a", "t").modifiers}
    s.set_options(flanking=True)
    mods = {words(m.name, "fr"): m.value for m in s.preview_attack("a", "t").modifiers}
    assert mods["Prise en tenaille"] == 2


@pytest.mark.parametrize(("system", "stats", "options"), [
    ("breche35", BRECHE_SAMPLE, None),  # 000 "Tenaille": on
    ("adnd2bis", ADND_FIGHTER, None),  # 001 "Flanking": on
    ("pmt", PMT_FIGHTER, EncounterOptions(flanking=True)),  # docs/rules/pmt.md#the-map: the option
    ("dnd2024", DND_SAMPLE, EncounterOptions(flanking=True)),  # docs/rules/dnd2024.md#the-map: option
    ("dnd2024", DND_SAMPLE, None),  # off by default: nobody is flanked
])
def test_flanked_targets_are_those_an_attack_preview_finds_flanked(
        system: str, stats: dict[str, Any], options: EncounterOptions | None) -> None:
    # The map's flanking overlay asks `flanked_targets` first, then previews those only: it
    # must name exactly the foes whose attack preview is flanked. t is between a and b; u is
    # beside a with nobody opposite; v is far away.
    s = _session(system, stats, [("a", "party", 2, 2, []), ("b", "party", 4, 2, []),
                                 ("t", "foe", 3, 2, []), ("u", "foe", 2, 3, []),
                                 ("v", "foe", 8, 5, [])], options)
    foes = ["t", "u", "v"]
    by_preview = [f for f in foes
                  if (fl := s.preview_attack("a", f).flanking) is not None and fl.flanked]
    assert s.flanked_targets("a", foes) == by_preview
    assert by_preview == ([] if options is None and system == "dnd2024" else ["t"])


def test_adnd2bis_a_move_inside_the_zone_of_a_fighter_with_offensive_reflexes_provokes() -> None:
    # 001_dd346e63a171f715.txt, "Opportunity Attacks et Désengagement": moving inside a zone
    # of control provokes nothing, but "Le feat Offensive Reflexes [...] confère la capacité
    # de déclencher des opportunity attacks pour de telles actions". The sample fighter has
    # the feat; the same fighter without it lets the move go.
    without = {**ADND_FIGHTER, "feats": []}
    for stats, want in ((ADND_FIGHTER, ["o"]), (without, [])):
        enc = Encounter(system="adnd2bis", grid=Grid(cols=10, rows=6), tokens=[
            Token(id="h", name="H", side="party", col=4, row=2, stats=without),
            Token(id="o", name="O", side="foe", col=5, row=2, stats=stats)])
        p = Session(enc, seed=1).preview_move("h", [(4, 3)])
        assert [oa.by for oa in p.provokes] == want
    assert p.legal
