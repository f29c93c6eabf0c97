"""Each system names the saves it resolves (`RuleSystem.save_kinds`), so the GM's pickers offer
only saves the rules take. Walkthrough: the area dialog offered AD&D 2bis a "death" save,
which 001's table does not have ("'death' is not a 2bis save"), and no "paralyzation"."""

from pathlib import Path

import pytest

from battlemap.engine import Session
from battlemap.io import load_encounter

DEMOS = Path(__file__).resolve().parents[2] / "assets" / "demo"


@pytest.mark.parametrize(("demo", "token", "expected"), [
    # 000 "Jets de sauvegarde": Vigueur, Réflexes, Volonté.
    ("breche35-entrepot-pigalle.json", "mara",
     {"fortitude": "Vigueur", "reflex": "Réflexes", "will": "Volonté"}),
    # 001's saving-throw categories, then a save on an ability.
    ("adnd2bis-repaire-ogre.json", "aldric",
     {"paralyzation": "Paralysie/poison/mort", "rod": "Baguettes",
      "petrification": "Pétrification", "breath": "Souffle", "spell": "Sorts",
      "mental": "Sorts mentaux", "str": "Force", "dex": "Dextérité", "con": "Constitution",
      "int": "Intelligence", "wis": "Sagesse", "cha": "Charisme"}),
    ("dnd2024-crypt.json", "guerriere",
     {"str": "Force", "dex": "Dextérité", "con": "Constitution", "int": "Intelligence",
      "wis": "Sagesse", "cha": "Charisme"}),
    ("pmt-salle-des-gardes.json", "hugues",
     {"death": "Mort/Poison", "wands": "Baguettes", "paralysis": "Paralysie",
      "breath": "Souffle", "spells": "Sorts"}),
])
def test_every_save_offered_is_one_the_rules_resolve(demo, token, expected):
    s = Session(load_encounter(DEMOS / demo), seed=1)
    kinds = s.system.save_kinds()
    assert kinds == expected
    for save_id in kinds:
        out = s.save_throw(token, save_id, 15)
        assert out is not None
