"""The bundled Brèche creatures (battlemap/assets/statblocks/breche35.json) against the seed's
formulas, 000_d623f1b22a06cede.txt, and the D&D 3.5 SRD figures they carry: every block's AC
is the sum « Classe d'armure » gives (line 97, with « Taille », lines 98-105, and the ability
modifier of « Caractéristiques », line 21); the attacks (« Attaquer », lines 92-94) and saves
(« Jets de sauvegarde », line 131) the map rolls from them are the SRD's published ones; a
large creature standing tall reaches 3 m (line 103). Sources: docs/rules/breche35.md."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.model import Size
from battlemap.rules.breche35.stats import Breche35Stats
from battlemap.rules.breche35.tables import SIZE_ATTACK_AC, ability_mod
from battlemap.ui.dialogs.bestiary import load_bestiary
from tests.helpers.bestiary import duel, strike


@pytest.mark.parametrize("entry", load_bestiary("breche35"), ids=lambda e: e["name"])
def test_every_ac_is_the_seeds_sum(entry: dict[str, Any]) -> None:
    # Line 97: « CA = 10 + bonus d'armure + bouclier + Dextérité + taille + armure naturelle
    # + esquive et autres »; line 21: « Modificateur = (valeur − 10) ÷ 2, arrondi à
    # l'inférieur »; lines 100-105: TP +2, P +1, M 0, G −1, TG −2, Gig −4.
    st = Breche35Stats.model_validate(entry["stats"])
    parts = (10 + st.armor + st.shield + ability_mod(st.dexterity)
             + SIZE_ATTACK_AC[Size(entry["size"])] + st.natural_armor + st.dodge + st.deflection)
    assert st.ac == parts


@pytest.mark.parametrize(("name", "weapon", "dice", "published"), [
    # D&D 3.5 SRD, attack bonus and damage modifier as printed: orc falchion +4 (2d4+4) and
    # javelin +1 (1d6+3); goblin morningstar +2 (1d6) and javelin +3 (1d4); ogre greatclub +8
    # (2d8+7) and javelin +1 (1d8+5); wolf bite +3 (1d6+1); hobgoblin longsword +2 (1d8+1);
    # gnoll battleaxe +3 (1d8+2) and shortbow +1 (1d6); zombie slam +2 (1d6+1); skeleton
    # scimitar +1 (1d6+1); gargoyle claw +6 (1d4+2).
    ("Orque", "Cimeterre à deux mains", 2, (4, 4)), ("Orque", "Javeline", 1, (1, 3)),
    ("Gobelin", "Morgenstern", 1, (2, 0)), ("Gobelin", "Javeline", 1, (3, 0)),
    ("Ogre", "Massue", 2, (8, 7)), ("Ogre", "Javeline", 1, (1, 5)),
    ("Loup", "Morsure", 1, (3, 1)), ("Hobgobelin", "Épée longue", 1, (2, 1)),
    ("Gnoll", "Hache d'armes", 1, (3, 2)), ("Gnoll", "Arc court", 1, (1, 0)),
    ("Zombie", "Coup", 1, (2, 1)), ("Squelette", "Cimeterre", 1, (1, 1)),
    ("Gargouille", "Griffes", 1, (6, 2)),
])
def test_the_attacks_the_map_rolls_are_the_srds(name: str, weapon: str, dice: int,
                                                 published: tuple[int, int]) -> None:
    # Line 92: « Corps à corps : 1d20 + BBA + modificateur de Force + modificateur de taille »;
    # line 93, at range Dextérité; line 94: « Dégâts : dé de l'arme + Force au corps à corps
    # (× 1,5 à deux mains…) ». The goblin's target is an orc: no damage reduction in the way.
    s, me, foe = duel("breche35", name, "Orque" if name == "Gobelin" else "Gobelin")
    assert strike(s, me, foe, weapon, dice) == published


@pytest.mark.parametrize(("name", "published"), [
    # D&D 3.5 SRD saves (Fort, Ref, Will) as printed.
    ("Zombie", (0, -1, 3)), ("Squelette", (0, 1, 2)), ("Loup", (5, 5, 1)),
    ("Orque", (3, 0, -2)), ("Ogre", (6, 0, 1)), ("Rejeton vampirique", (1, 5, 5)),
    ("Gargouille", (5, 6, 4)),
])
def test_the_saves_the_map_rolls_are_the_srds(name: str, published: tuple[int, ...]) -> None:
    # Line 131: « Jet = 1d20 + bonus de base de la classe + modificateur de caractéristique »:
    # Vigueur (Constitution), Réflexes (Dextérité), Volonté (Sagesse).
    s, me, _ = duel("breche35", name, "Gobelin")
    rolled = tuple(s.save_throw(me, save, dc=10, forced=[10]).total - 10
                   for save in ("fortitude", "reflex", "will"))
    assert rolled == published


@pytest.mark.parametrize(("name", "reach"), [("Ogre", 3.0), ("Troll urbain", 3.0),
                                             ("Loup", 1.5), ("Gobelin", 1.5)])
def test_a_tall_large_creature_reaches_3_m(name: str, reach: float) -> None:
    # Line 103: « Grande (G) | −1 | +4 | −4 | 3 m, 1,5 ou 3 m » (the 3 m of a tall one, as the
    # SRD's ogre and troll: « Space/Reach: 10 ft./10 ft. »); lines 101-102: P and M 1,5 m.
    s, me, _ = duel("breche35", name, "Gobelin")
    assert s.reach_m(s.token(me)) == reach
