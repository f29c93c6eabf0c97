"""resolve_save for dnd2024: d20 + ability mod (+ proficiency) vs DD, cover on Dexterity
saves (003 "L'abri"), condition effects, exhaustion. No automatic success or failure on a
natural 20 or 1: in 2024 that rule belongs to attack rolls only."""

from __future__ import annotations

from battlemap.rules.core.combat import SaveRequest, SaveResult
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Advantage, Modifier, Stacking, stack
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import stats_of
from battlemap.rules.dnd2024.conditions import CONDITIONS, FAILS_STR_DEX, exhaustion_level
from battlemap.rules.dnd2024.cover import cover_modifier
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.stats import ABILITY_ALIASES, Ability
from battlemap.rules.dnd2024.words import ability_named, condition_named, named, note
from battlemap.text import Message


class UnknownAbility(ValueError):
    pass


def parse_ability(name: str) -> Ability:
    key = name.strip().casefold()
    if key not in ABILITY_ALIASES:
        raise UnknownAbility(Message.of("save.unknown", name=name, known=Message.of(
            "text.commas", parts=["str", "dex", "con", "int", "wis", "cha"])))
    return ABILITY_ALIASES[key]


def save_modifiers(req: SaveRequest, ability: Ability) -> list[Modifier]:
    stats = stats_of(req.token)
    mods = [Modifier(name=named("ability_mod", ability=ability_named(ability)),
                     value=stats.mod(ability), type="ability", source=src.SAVING_THROWS,
                     applies_to="save")]
    if ability in stats.save_proficiencies:
        mods.append(Modifier(name=named("proficiency"), value=stats.proficiency_bonus,
                             type="proficiency", source=src.PROFICIENCY, applies_to="save"))
    if ability == "dex":
        cover = cover_modifier(req.situation.cover, "save")
        if cover:
            mods.append(cover)
    level = exhaustion_level(req.token)
    if level:
        mods.append(Modifier(name=named("exhaustion", level=level), value=-2 * level,
                             type="exhaustion", source=src.condition("Exhaustion"),
                             applies_to="save"))
    return mods + list(req.extra) + [m for m in req.situation.extra if m.applies_to == "save"]


def save_advantage(req: SaveRequest, ability: Ability) -> Advantage:
    adv = Advantage()
    if ability == "dex" and req.token.has("restrained"):
        adv.disadvantage.append(note("cond_src", cond=condition_named("restrained"),
                                     src=src.condition('Restrained')))
    adv.advantage.extend(note("gm_call", name=n) for n in req.situation.advantage)
    adv.disadvantage.extend(note("gm_call", name=n) for n in req.situation.disadvantage)
    return adv


def resolve_save(req: SaveRequest, dice: Dice, options: Dnd2024Options) -> SaveResult:
    ability = parse_ability(req.ability)
    label = note("save_label", ability=ability_named(ability), dc=req.dc)
    auto_fail = [n for n in sorted(FAILS_STR_DEX) if req.token.has(n)] if ability in ("str", "dex") else []
    if auto_fail:
        info = CONDITIONS[auto_fail[0]]
        return SaveResult(token=req.token.id, ability=ability,
                          roll=dice.roll("0", label=note("save_auto_fail_label", label=label)),
                          total=0, dc=req.dc, success=False,
                          notes=[note("auto_fail_str_dex", cond=condition_named(info.name),
                                      src=src.condition(info.label))])
    adv = save_advantage(req, ability)
    roll = dice.d20(adv.mode, label=label)
    mods = stack(save_modifiers(req, ability), Stacking.ALL, req.situation.disabled)
    total = roll.total + mods.total
    notes: list[str] = []
    if req.situation.cover == "total":
        notes.append(note("total_cover_save", src=src.COVER))
    return SaveResult(token=req.token.id, ability=ability, roll=roll, advantage=adv.mode,
                      advantage_why=adv.explain(),
                      modifiers=mods.applied, dropped=mods.dropped,
                      total=total, dc=req.dc, success=total >= req.dc, natural=roll.natural,
                      notes=notes)
