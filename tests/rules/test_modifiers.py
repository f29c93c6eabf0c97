"""Stacking of modifiers (000 "Le jet de base", last bullet: same-type bonuses keep the best,
dodge and untyped bonuses add) and advantage / disadvantage (003 "Avantage")."""

from __future__ import annotations

from battlemap.rules.core.modifiers import Advantage, Modifier, Stacking, stack

SRC = '000_d623f1b22a06cede.txt, "Le jet de base"'


def m(name: str, value: int, type_: str = "untyped", applies_to: str = "attack") -> Modifier:
    return Modifier(name=name, value=value, type=type_, source=SRC, applies_to=applies_to)


def test_same_type_bonuses_keep_the_best_in_35() -> None:
    # 000 "Le jet de base": "Bonus de même type ... ne se cumulent pas, on garde le meilleur."
    s = stack([m("Bénédiction", 1, "morale"), m("Chant", 2, "morale"), m("Rage", 1, "morale")],
              Stacking.TYPED_35)
    assert s.total == 2
    assert [x.name for x in s.applied] == ["Chant"]
    assert sorted(d.name for d in s.dropped) == ["Bénédiction", "Rage"]
    assert all("don't stack" in d.why for d in s.dropped)


def test_dodge_and_untyped_bonuses_stack_in_35() -> None:
    # 000 "Le jet de base": "Les bonus d'esquive et les bonus sans type se cumulent."
    s = stack([m("Esquive", 1, "dodge", "ac"), m("Défense totale", 4, "dodge", "ac"),
               m("Tenaille", 2), m("Hauteur", 1)], Stacking.TYPED_35)
    assert s.total == 8
    assert s.dropped == []


def test_penalties_of_the_same_type_stack() -> None:
    s = stack([m("Secoué", -2, "condition"), m("Fiévreux", -2, "condition"),
               m("Ébloui", -1, "condition")], Stacking.TYPED_35)
    assert s.total == -5


def test_same_type_on_different_rolls_both_count() -> None:
    s = stack([m("Armure", 4, "armor", "ac"), m("Altération", 4, "armor", "damage")],
              Stacking.TYPED_35)
    assert s.total == 8


def test_all_policy_adds_everything() -> None:
    s = stack([m("a", 2, "morale"), m("b", 3, "morale")], Stacking.ALL)
    assert s.total == 5


def test_gm_disabled_modifier_is_dropped_with_its_reason() -> None:
    s = stack([m("Tenaille", 2), m("BBA", 5, "base")], Stacking.TYPED_35, disabled=["Tenaille"])
    assert s.total == 5
    assert [(d.name, d.value, d.why) for d in s.dropped] == [
        ("Tenaille", 2, "switched off by the GM")]
    assert s.dropped[0].source == SRC


def test_advantage_and_disadvantage_cancel() -> None:
    # 003 "Avantage": they never stack, and one of each cancels.
    a = Advantage(advantage=["caché", "à terre (cible)"], disadvantage=["aveuglé"])
    assert a.mode == "normal"
    assert "cancel" in a.explain()
    assert Advantage(advantage=["caché", "aide"]).mode == "advantage"
    assert Advantage(disadvantage=["à terre"]).mode == "disadvantage"
    assert Advantage().mode == "normal"
