"""Saving throws (1d20 + base save + ability), the spell DC, and spell resistance
(000 "Jets de sauvegarde", "Capacités spéciales", "Modificateurs de situation")."""

from __future__ import annotations

from pydantic import BaseModel

from battlemap.rules.breche35.effects import ability_modifiers, save_penalties, stats_of
from battlemap.rules.breche35.tables import ability_mod, src
from battlemap.rules.breche35.words import named, note
from battlemap.rules.core.combat import Combatant, SaveRequest, SaveResult
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.modifiers import DroppedModifier, Modifier, Stacking, stack
from battlemap.text import Message, Text

JDS = src("Jets de sauvegarde")

# save id → (ability, base field, French name); the aliases the CLI and the UI may send.
SAVES = {
    "fortitude": ("constitution", "base_fort", "Vigueur"),
    "reflex": ("dexterity", "base_ref", "Réflexes"),
    "will": ("wisdom", "base_will", "Volonté"),
}
ALIASES = {"fort": "fortitude", "vigueur": "fortitude", "con": "fortitude",
           "ref": "reflex", "reflexes": "reflex", "réflexes": "reflex", "dex": "reflex",
           "volonte": "will", "volonté": "will", "wis": "will"}


def save_id(ability: str) -> str:
    key = ability.lower().strip()
    key = ALIASES.get(key, key)
    if key not in SAVES:
        raise ValueError(Message.of("save.unknown", name=ability,
                                    known=Message.of("text.commas", parts=list(SAVES))))
    return key


def resolve_save(req: SaveRequest, dice: Dice) -> SaveResult:
    t, sit = req.token, req.situation
    sid = save_id(req.ability)
    ability, base_field, fr = SAVES[sid]
    mods = [Modifier(name=named("save_base", save=named(f"save_{sid}")), value=getattr(stats_of(t), base_field), type="base",
                     source=JDS, applies_to="save")]
    mods += ability_modifiers(t, ability, "save")
    mods += save_penalties(t)
    dropped: list[DroppedModifier] = []
    if sid == "reflex" and sit.cover == "partial":
        cover = Modifier(name=named("cover"), value=2, type="cover",
                         source=src("Modificateurs de situation"), applies_to="save")
        if sit.cover_from_creatures_only:
            dropped.append(DroppedModifier(**cover.model_dump(),
                                           why=note("creature_cover_ac_only")))
        else:
            mods.append(cover)
    st = stack(mods + list(req.extra), Stacking.TYPED_35, disabled=sit.disabled)
    roll = dice.d20(label=note("save_roll", save=named(f"save_{sid}"), dc=req.dc))
    nat = roll.natural or 0
    total = nat + st.total
    # A natural 20 always succeeds and a natural 1 always fails (000 "Le jet de base").
    success = nat == 20 or (nat != 1 and total >= req.dc)
    notes = [note("save_nat20")] if nat == 20 else []
    notes += [note("save_nat1")] if nat == 1 else []
    return SaveResult(token=t.id, ability=sid, roll=roll, modifiers=st.applied,
                      dropped=dropped + st.dropped, total=total, dc=req.dc, success=success,
                      natural=nat, notes=notes)


def spell_dc(spell_level: int, caster_ability_score: int, ability: str = "intelligence",
             ) -> tuple[int, list[Modifier]]:
    """DD = 10 + spell level + the caster's ability modifier (000 "Jets de sauvegarde")."""
    mods = [Modifier(name=named("base"), value=10, type="base", source=JDS, applies_to="dc"),
            Modifier(name=named("spell_level"), value=spell_level, type="untyped", source=JDS,
                     applies_to="dc"),
            Modifier(name=named(f"ability_{ability}"), value=ability_mod(caster_ability_score),
                     type="ability", source=JDS, applies_to="dc")]
    return sum(m.value for m in mods), mods


class SpellResistanceCheck(BaseModel):
    roll: Roll | None
    total: int
    spell_resistance: int
    overcome: bool
    note: Text


def spell_resistance_check(caster_level: int, target: Combatant, dice: Dice
                           ) -> SpellResistanceCheck:
    """1d20 + caster level against the target's SR (000 "Capacités spéciales"); no SR: no roll."""
    sr = stats_of(target).spell_resistance
    if not sr:
        return SpellResistanceCheck(roll=None, total=0, spell_resistance=0, overcome=True,
                                    note=note("no_sr"))
    roll = dice.d20(label=note("caster_level_roll"))
    total = roll.total + caster_level
    ok = total >= sr
    return SpellResistanceCheck(roll=roll, total=total, spell_resistance=sr, overcome=ok,
                                note=note("sr_overcome" if ok else "sr_fails", roll=roll.total,
                                          level=caster_level, total=total, sr=sr))


SKILLS = src("Compétences")


def concentration(c: Combatant, damage: int, spell_level: int, dice: Dice,
                  ranks: int = 0) -> SaveResult:
    """Keeping a spell while hurt: 1d20 + ranks + Con modifier against DD 10 + damage taken
    + spell level (000 "Compétences": « Concentration (Con) | garder un sort quand on est
    blessé : DD 10 + dégâts subis + niveau du sort »)."""
    mods = ability_modifiers(c, "constitution", "check")
    if ranks:
        mods.append(Modifier(name=note("concentration_ranks"), value=ranks, type="untyped",
                             source=SKILLS, applies_to="check"))
    st = stack(mods, Stacking.TYPED_35)
    dc = 10 + max(0, damage) + max(0, spell_level)
    roll = dice.d20(label=note("concentration_roll"))
    total = (roll.natural or 0) + st.total
    return SaveResult(token=c.id, ability="concentration", roll=roll, modifiers=st.applied,
                      dropped=st.dropped, total=total, dc=dc, success=total >= dc,
                      natural=roll.natural,
                      notes=[note("concentration_dc", damage=damage, level=spell_level, dc=dc,
                                  src=SKILLS)])
