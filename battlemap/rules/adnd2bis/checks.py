"""Ability checks (d20 + "Bonus de type Skills" + skill ranks ≥ DC) and opposed checks."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, Field

from battlemap.rules.adnd2bis.conditions import roll_penalties
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import parse_strength, skill_bonus, src
from battlemap.rules.adnd2bis.words import named, note
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.gm_edits import gm_added
from battlemap.rules.core.modifiers import DroppedModifier, Modifier, Stacking, stack

ABILITIES = {"str": "Force", "dex": "Dextérité", "con": "Constitution", "int": "Intelligence",
             "wis": "Sagesse", "cha": "Charisme"}
MENTAL = {"int", "wis", "cha"}


class CheckResult(BaseModel):
    who: str
    ability: str
    skill: str | None = None
    roll: Roll
    advantage: str = "normal"
    modifiers: list[Modifier] = Field(default_factory=list)
    dropped: list[DroppedModifier] = Field(default_factory=list)
    total: int
    dc: int | None = None
    success: bool | None = None  # None for an opposed check until compared


def score(s: Adnd2bisStats, ability: str) -> int:
    if ability == "str":
        return parse_strength(s.strength)[0]
    return int(getattr(s, {"dex": "dexterity", "con": "constitution", "int": "intelligence",
                           "wis": "wisdom", "cha": "charisma"}[ability]))


def check_bonus(s: Adnd2bisStats, ability: str, skill: str | None = None) -> int:
    return skill_bonus(score(s, ability)) + (s.skills.get(skill, 0) if skill else 0)


def ability_check(c: Combatant, s: Adnd2bisStats, ability: str, dice: Dice, dc: int | None = None,
                  skill: str | None = None, extra: list[Modifier] | None = None,
                  disabled: Iterable[str] = ()) -> CheckResult:
    """`disabled`: modifier names the GM switched off (dropped, and said so)."""
    if ability not in ABILITIES:
        raise ValueError(f"'{ability}' is not an ability (use {', '.join(ABILITIES)})")
    mods = [Modifier(name=named("ability_score", ability=named(f"ability_{ability}"),
                                 score=score(s, ability)),
                     value=skill_bonus(score(s, ability)), applies_to="check",
                     source=src("Bonus de type Skills selon abilité"))]
    if skill and s.skills.get(skill):
        mods.append(Modifier(name=named("skill", skill=skill), value=s.skills[skill], applies_to="check",
                             source=note("character_sheet")))
    pen, adv = roll_penalties(c, "check")
    if ability in MENTAL:  # "tout jet ou action non purement mental"
        pen = [m for m in pen if m.name != named("shared_square")]
    mods += pen + list(extra or [])
    st = stack(mods, Stacking.ALL, disabled)
    label = (note("check_skill_roll", ability=named(f"ability_{ability}"), skill=skill) if skill
             else note("check_roll", ability=named(f"ability_{ability}")))
    roll = dice.d20(adv.mode, label=label)
    total = (roll.natural or 0) + st.total
    return CheckResult(who=c.id, ability=ability, skill=skill, roll=roll, advantage=adv.mode,
                       modifiers=st.applied, dropped=st.dropped, total=total, dc=dc,
                       success=None if dc is None else total >= dc)


def author_check(req: ManoeuvreRequest, s: Adnd2bisStats, ability: str, dice: Dice, dc: int,
                 skill: str | None = None) -> CheckResult:
    """The check a manoeuvre's author makes against a DC (break, Healing), with the GM's
    edits from the attack panel (core/gm_edits.py)."""
    return ability_check(req.attacker, s, ability, dice, dc=dc, skill=skill,
                         extra=gm_added(req.situation, "check"),
                         disabled=req.situation.disabled)


def best_ability(s: Adnd2bisStats, choices: tuple[str, ...], skill: str | None = None) -> str:
    """The defender "chooses" the ability: we take the best bonus."""
    return max(choices, key=lambda a: check_bonus(s, a, skill if a == "dex" else None))
