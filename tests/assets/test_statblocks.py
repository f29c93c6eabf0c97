"""The bundled bestiaries (`battlemap/assets/statblocks/<system>.json`): each system ships at
least 12 stat blocks with unique names; every one validates through its own system (its stats
model, and the damage types and conditions the system names), goes onto that system's demo
encounter as a token through the Session, is attacked there and attacks back with each of its
weapons; and docs/rules/<system>.md lists exactly the creatures bundled, with their sources.

The numbers checked against the seeds and the rule books are in
tests/rules/<system>/test_bestiary.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from battlemap import assets
from battlemap.engine import Session
from battlemap.engine.files.migrate import load_current
from battlemap.model import Size
from battlemap.rules.core.system import get_system
from battlemap.ui.dialogs.bestiary import load_bestiary, new_token

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
MINIMUM = 12  # issue 30: "at least 12 stat blocks" per system

def _demo(system: str) -> Path:
    return next(p for p in assets.demo_files() if assets.demo_summary(p)[1] == system)


def _entries() -> list[Any]:
    return [pytest.param(system, entry, id=f"{system}-{entry['name']}")
            for system in assets.STATBLOCK_SYSTEMS for entry in load_bestiary(system)]


@pytest.mark.parametrize("system", assets.STATBLOCK_SYSTEMS)
def test_each_system_ships_at_least_12_blocks_with_unique_names(system: str) -> None:
    names = [e["name"] for e in load_bestiary(system)]
    assert len(names) >= MINIMUM
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(("system", "entry"), _entries())
def test_every_block_validates_through_its_system(system: str, entry: dict[str, Any]) -> None:
    rules = get_system(system)
    assert set(entry) == {"name", "size", "side", "speed_m", "stats"}
    Size(entry["size"])
    assert entry["side"] in {"foe", "party", "neutral"}
    stats = rules.stats_model.model_validate(entry["stats"])
    assert stats.max_hp == entry["stats"]["max_hp"] > 0
    assert stats.weapons, "a bundled creature has something to attack with"
    # What a system reads by name must be a name it knows: a typo would silently do nothing.
    kinds = set(rules.damage_kinds())
    for field in ("resistances", "immunities", "vulnerabilities"):
        assert set(getattr(stats, field, [])) <= kinds, field
    assert set(getattr(stats, "energy_resistance", {})) <= kinds
    assert set(getattr(stats, "condition_immunities", [])) <= set(rules.conditions())


@pytest.mark.parametrize(("system", "entry"), _entries())
def test_every_weapon_deals_a_damage_type_its_system_names(system: str,
                                                           entry: dict[str, Any]) -> None:
    stats = get_system(system).stats_model.model_validate(entry["stats"])
    assert {w.damage_type for w in stats.weapons} <= set(get_system(system).damage_kinds())


def _placed(system: str, entry: dict[str, Any]) -> tuple[Session, str, str]:
    """The system's demo with the creature added beside its first party member, as Add token
    does it; (session, hero id, creature id)."""
    s = Session(load_current(_demo(system)), seed=3)
    hero = next(t for t in s.encounter.tokens if t.side == "party")
    token = new_token(s.encounter, entry, entry["name"], "foe",
                      near=(int(hero.col) + 1, int(hero.row)))
    s.add_token(token)
    return s, hero.id, token.id


@pytest.mark.parametrize(("system", "entry"), _entries())
def test_every_block_is_placed_on_its_demo_attacked_and_attacks(system: str,
                                                               entry: dict[str, Any]) -> None:
    s, hero, foe = _placed(system, entry)
    token = s.token(foe)
    assert (token.name, token.size, token.stats, token.hp) == (
        entry["name"], Size(entry["size"]), entry["stats"], entry["stats"]["max_hp"])
    out = s.attack(hero, foe, forced=[20])  # a natural 20 hits in every system
    assert out.situation.in_reach
    assert out.result.attacks[0].outcome in {"hit", "critical"}
    assert out.damage_taken > 0
    assert s.token(foe).hp == entry["stats"]["max_hp"] - out.damage_taken
    for weapon in s.stats(foe).weapons:
        # A tiny creature has no reach (« Brèche — Taille », the footprints 2bis takes too):
        # it strikes from inside its target's square, which the GM allows here.
        no_reach = weapon.kind == "melee" and s.reach_m(s.token(foe), weapon) == 0
        back = s.attack(foe, hero, weapon=weapon.name, forced=[20], gm_override=no_reach)
        assert back.result.weapon == weapon.name and back.result.attacks[0].roll is not None


@pytest.mark.parametrize(("system", "entry"), _entries())
def test_the_token_shows_the_speed_its_stats_move_it_by(system: str,
                                                        entry: dict[str, Any]) -> None:
    # tests/engine/test_demo_speeds.py asks the same of the demos' creatures.
    s, _, foe = _placed(system, entry)
    assert s.speed_m(foe) == s.token(foe).speed_m == entry["speed_m"]


def _documented(system: str) -> dict[str, str]:
    """The « Bundled creatures » table of docs/rules/<system>.md: name → source."""
    text = (DOCS / f"{system}.md").read_text(encoding="utf-8")
    section = text.split("## Bundled creatures", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|", section, flags=re.MULTILINE)
    return {name: source for name, source in rows if name not in {"creature", "---"}}


@pytest.mark.parametrize("system", assets.STATBLOCK_SYSTEMS)
def test_the_rules_page_lists_each_bundled_creature_with_its_source(system: str) -> None:
    documented = _documented(system)
    assert set(documented) == {e["name"] for e in load_bestiary(system)}
    assert all(source.strip() for source in documented.values())
