"""Each system's senses from a stat block (`BaseSystem.senses`), compared: what sees without
light and how far, and whose eyes stretch a light."""

from __future__ import annotations

from battlemap.rules.core.senses import Senses
from battlemap.rules.core.system import get_system


def _senses(system: str, stats: dict) -> Senses:
    sys = get_system(system)
    return sys.senses(sys.stats_model.model_validate(stats))


def test_breche35_darkvision_and_low_light_vision() -> None:
    # 000_d623f1b22a06cede.txt, "Capacités spéciales": « Vision dans le noir (x m) : voit sans
    # lumière […] jusqu'à x mètres »; « Vision nocturne : voit deux fois plus loin qu'un
    # humain dans la pénombre ».
    s = _senses("breche35", {"darkvision_m": 18, "low_light_vision": True})
    assert (s.dark_m, s.light_factor) == (18.0, 2.0)
    assert "000_d623f1b22a06cede.txt" in s.source
    assert _senses("breche35", {}) == Senses(0.0, 1.0, s.source)


def test_adnd2bis_infravision_from_the_stat_block() -> None:
    # 001_dd346e63a171f715.txt is silent on sight: the stat block's infravision counts.
    s = _senses("adnd2bis", {"infravision_m": 18})
    assert (s.dark_m, s.light_factor) == (18.0, 1.0)


def test_dnd2024_darkvision_from_the_stat_block() -> None:
    # 003_04e386f09d3dfd89.txt has no darkvision entry: the stat block's range counts.
    s = _senses("dnd2024", {"darkvision_m": 18})
    assert (s.dark_m, s.light_factor) == (18.0, 1.0)


def test_pmt_gives_no_sense_its_text_does_not_name() -> None:
    # 004_49216c8abfe9f777.txt names no sight rule.
    assert _senses("pmt", {}) == Senses()
