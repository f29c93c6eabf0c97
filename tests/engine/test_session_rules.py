"""The engine applies what the real systems decide: damage on a miss (pmt), damage types
(resistances, energy resistance), conditions at combat start (3.5 flat-footed), removals before
additions (2024 death-save counters), the grappler's id on `grappled`. All through Session
with forced dice."""

from __future__ import annotations

from typing import Any

from battlemap.engine import Session
from battlemap.model import AreaShape, AreaTemplate, Condition, Encounter, Grid, Token
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER as ADND_FIGHTER
from battlemap.rules.breche35.stats import SAMPLE as BRECHE_SAMPLE
from battlemap.rules.dnd2024.stats import SAMPLE as DND_SAMPLE
from battlemap.rules.pmt.stats import SAMPLE_FIGHTER as PMT_FIGHTER


def _duel(system: str, a: dict[str, Any], b: dict[str, Any], **b_fields: Any) -> Session:
    enc = Encounter(system=system, grid=Grid(cols=8, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=a),
        Token(id="b", name="B", side="foe", col=2, row=1, stats=b, **b_fields)])
    return Session(enc, seed=1)


def test_pmt_a_miss_still_deals_one_damage() -> None:
    # 004_49216c8abfe9f777.txt, "Un coup raté inflige quand même 1 dommage" (on by default).
    s = _duel("pmt", PMT_FIGHTER, PMT_FIGHTER)
    out = s.attack("a", "b", forced=[2])
    assert out.result.attacks[0].outcome == "miss"
    assert [(h.before, h.after) for h in out.hp_changes] == [(18, 17)]
    assert s.token("b").hp == 17
    assert "1 damage" in s.log.entries[-1].said("en")


def test_pmt_miss_damage_option_off_deals_nothing() -> None:
    # Same section: "Le MdT peut limiter cet avantage" — switched off, a miss is a miss.
    s = _duel("pmt", PMT_FIGHTER, PMT_FIGHTER)
    s.set_options(rules={"miss_damage": "off"})
    out = s.attack("a", "b", forced=[2])
    assert out.hp_changes == [] and s.token("b").hp is None


def test_dnd2024_weapon_damage_type_meets_resistance() -> None:
    # D&D 2024 PHB, Damage Resistance: slashing 1d8 (6) + Str 3 = 9 halved, rounded down, to 4.
    s = _duel("dnd2024", DND_SAMPLE, {**DND_SAMPLE, "resistances": ["slashing"]})
    out = s.attack("a", "b", forced=[15, 6])
    assert out.result.attacks[0].damage is not None
    assert out.result.attacks[0].damage.total == 9
    assert [(h.before, h.after) for h in out.hp_changes] == [(44, 40)]


def test_breche35_area_damage_kind_meets_energy_resistance() -> None:
    # 000_d623f1b22a06cede.txt, "Capacités spéciales": resistance to fire 5 takes 5 off each
    # fire attack; 3d6 (4+4+4 = 12), failed Reflex (natural 2) → 12 − 5 = 7.
    s = _duel("breche35", BRECHE_SAMPLE, {**BRECHE_SAMPLE, "energy_resistance": {"fire": 5}})
    tpl = s.place_area(AreaTemplate(shape=AreaShape.SPHERE, origin=(2.0, 2.0), size_m=1.5))
    out = s.apply_area(tpl.id, save_ability="reflex", dc=30, damage="3d6", damage_kind="fire",
                       forced=[4, 4, 4, 2, 2])
    assert sorted(out.tokens) == ["a", "b"]
    by_token = {h.token: (h.before, h.after) for h in out.hp_changes}
    assert by_token == {"a": (42, 30), "b": (42, 35)}


def test_breche35_everyone_is_flat_footed_until_they_act() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": "Avant d'avoir agi pour la première
    # fois, on est pris au dépourvu (pas de bonus de Dextérité à la CA)".
    s = _duel("breche35", BRECHE_SAMPLE, BRECHE_SAMPLE)
    assert s.preview_attack("a", "b").target_number == 17
    s.roll_initiative(forced=[20, 1])
    assert s.current_token_id == "a"
    assert not s.token("a").has_condition("flat_footed")  # it acts: flat-footed ends
    assert s.token("b").has_condition("flat_footed")
    # AC 17 without Dex +2 and the dodge +1 (Esquive): 14.
    assert s.preview_attack("a", "b").target_number == 14
    assert any(e.said("en") == "Combat begins: A, B: Flat-footed" for e in s.log.entries)
    s.next_turn()
    assert not s.token("b").has_condition("flat_footed")
    s.undo()
    s.undo()
    assert not s.token("b").has_condition("flat_footed") and s.round == 0


def test_dnd2024_death_save_counters_replace_each_other() -> None:
    # D&D 2024 PHB, Death Saving Throws: three failures kill. The event removes the old
    # counter and adds the new one of the same name: removals must come first.
    s = _duel("dnd2024", DND_SAMPLE, DND_SAMPLE, hp=0, conditions=[
        Condition(name="unconscious"), Condition(name="death_failures", level=1)])
    # Initiative with Disadvantage (Incapacitated): 20 and 1; then b's turn begins at once
    # and its death save is a 5 (< 10): a second failure.
    s.roll_initiative(forced=[20, 1, 5], tokens=["b"])
    assert [c.level for c in s.token("b").conditions if c.name == "death_failures"] == [2]
    s.next_turn(forced=[12])  # round 2: 12 ≥ 10, one success; the failures stay
    levels = {c.name: c.level for c in s.token("b").conditions}
    assert levels["death_failures"] == 2 and levels["death_successes"] == 1
    s.next_turn(forced=[3])  # third failure: dead
    assert s.system.hp_state(s.combatant("b")) == "dead"


def test_adnd2bis_grappled_source_is_the_grappler() -> None:
    # 001_dd346e63a171f715.txt, "Grapple": opposed Str checks, the winner holds the target.
    s = _duel("adnd2bis", ADND_FIGHTER, ADND_FIGHTER)
    res = s.manoeuvre("grapple", "a", "b", forced=[15, 3])
    assert res.success
    assert [(c.name, c.source) for c in s.token("b").conditions] == [("grappled", "a")]
    s.manoeuvre("escape", "b", "a", forced=[15, 3])  # "S'échapper d'un grapple"
    assert s.token("b").conditions == []
