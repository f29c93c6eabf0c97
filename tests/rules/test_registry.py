"""The registry of rule systems is open: a fifth system is one package registered in one
place, and every layer (the loader, the engine, the lists of systems) finds it there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from battlemap.engine import Session
from battlemap.io.encounter_file import save_encounter
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.core.base import BaseSystem
from battlemap.rules.core.system import (
    SHIPPED,
    RuleSystem,
    available_systems,
    default_system_id,
    get_system,
    register_system,
    system_ids,
    unregister_system,
)
from tests.engine.toy_system import ToySystem


class FifthSystem(ToySystem):
    """The engine tests' toy rules under an id of their own, played on the 3.5 grid rules
    (`geometry_module`, inherited from the toy)."""

    id = "toy"
    name = "Toy (a fifth system)"


FIFTH = FifthSystem()


@pytest.fixture
def fifth() -> Iterator[FifthSystem]:
    register_system(FIFTH)
    try:
        yield FIFTH
    finally:
        unregister_system(FIFTH.id)


def test_the_shipped_systems_are_listed_in_their_order_and_dnd2024_is_the_default() -> None:
    assert system_ids() == ["breche35", "adnd2bis", "dnd2024", "pmt"] == list(SHIPPED)
    assert default_system_id() == "dnd2024"
    for sid in SHIPPED:
        system = get_system(sid)
        assert system.id == sid and isinstance(system, RuleSystem)
        assert isinstance(system, BaseSystem)  # every typed hook has its documented default


def test_a_fifth_system_is_listed_once_registered(fifth: FifthSystem) -> None:
    assert system_ids()[-1] == "toy" and "toy" in available_systems()
    assert get_system("toy") is fifth
    with pytest.raises(ValueError):
        register_system(get_system("pmt"))  # a shipped id cannot be taken


def test_a_fifth_system_loads_moves_and_attacks(fifth: FifthSystem, tmp_path: Path) -> None:
    path = tmp_path / "toy.json"
    save_encounter(Encounter(system="toy", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="hero", name="Hero", side="party", col=1, row=1,
              stats={"max_hp": 10, "ac": 12, "attack": 4}),
        Token(id="orc", name="Orc", side="foe", col=5, row=1, stats={"max_hp": 8, "ac": 11})]),
        path)
    s = Session.open(path)  # the loader checks the system against the registry
    assert s.system is fifth
    moved = s.move("hero", [(2, 1), (3, 1), (4, 1)])
    assert moved.moved_to == (4.0, 1.0) and moved.cost_m == 4.5
    # The toy's attack: d20 15 + 4 = 19 vs AC 11, a hit; 1d6 → 5: the orc 8 → 3.
    out = s.attack("hero", "orc", forced=[15, 5])
    assert out.result.attacks[0].outcome == "hit"
    assert s.token("orc").hp == 3


def test_without_its_registration_the_fifth_systems_file_is_refused(tmp_path: Path) -> None:
    from battlemap.io import LoadError

    path = tmp_path / "toy.json"
    save_encounter(Encounter(system="toy", grid=Grid(cols=4, rows=4)), path)
    with pytest.raises(LoadError, match="toy.json: field 'system': Input should be "
                                        "'breche35', 'adnd2bis', 'dnd2024' or 'pmt'"):
        Session.open(path)
