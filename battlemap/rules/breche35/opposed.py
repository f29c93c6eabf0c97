"""Opposed checks and the touch attack that opens a manoeuvre (000 "Le jet de base":
the higher total wins; a tie goes to the higher modifier, then both re-roll)."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

from battlemap.rules.breche35.attack_mods import attack_modifiers
from battlemap.rules.breche35.defense import armour_class
from battlemap.rules.breche35.effects import ability_modifiers, check_penalties, stats_of
from battlemap.rules.breche35.stats import Weapon
from battlemap.rules.breche35.tables import SIZE_GRAPPLE, src
from battlemap.rules.breche35.words import named, note
from battlemap.rules.core.combat import Combatant, RollSide, Situation
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.gm_edits import gm_added
from battlemap.rules.core.modifiers import DroppedModifier, Modifier, Stacking, stack
from battlemap.text import Message

MANOEUVRES = src("Manœuvres")


class Opposed(BaseModel):
    first_wins: bool
    first_total: int
    second_total: int
    rolls: list[Roll]
    modifiers: list[Modifier]
    dropped: list[DroppedModifier] = []
    sides: list[RollSide] = []  # the deciding pair of rolls, each with its own modifiers

    @property
    def margin(self) -> int:
        return self.first_total - self.second_total


def size_special(c: Combatant, why: Message | None = None, applies_to: str = "check") -> Modifier:
    """The special size modifier, named `why` (by default « Taille (lutte) »)."""
    return Modifier(name=why or named("size_grapple"), value=SIZE_GRAPPLE[c.size], type="size", source=src("Taille"),
                    applies_to=applies_to)


def ability_check(c: Combatant, ability: str) -> list[Modifier]:
    return ability_modifiers(c, ability, "check") + check_penalties(c, ability)


def best_of_str_dex(c: Combatant) -> list[Modifier]:
    """The defender resists with Strength or Dexterity, whichever is better."""
    s, d = ability_check(c, "strength"), ability_check(c, "dexterity")
    return s if sum(m.value for m in s) >= sum(m.value for m in d) else d


def grapple_mods(c: Combatant) -> list[Modifier]:
    """1d20 + BBA + Str + the special size modifier (000 "Manœuvres", "Lutte")."""
    bab = Modifier(name=named("bab"), value=stats_of(c).bab, type="base", source=MANOEUVRES,
                   applies_to="check")
    return [bab, *ability_check(c, "strength"), size_special(c)]


def opposed(dice: Dice, first: list[Modifier], second: list[Modifier], what: str,
            names: tuple[str, str], disabled: Iterable[str] = ()) -> Opposed:
    """`disabled`: modifier names the GM switched off, on both sides."""
    sa = stack(first, Stacking.TYPED_35, disabled)
    sb = stack(second, Stacking.TYPED_35, disabled)
    dropped = sa.dropped + sb.dropped
    rolls: list[Roll] = []
    for _ in range(20):
        ra = dice.d20(label=note("roll_of", what=what, name=names[0]))
        rb = dice.d20(label=note("roll_of", what=what, name=names[1]))
        rolls += [ra, rb]
        ta, tb = ra.total + sa.total, rb.total + sb.total
        sides = [RollSide(label=ra.label, roll=ra, modifiers=sa.applied, dropped=sa.dropped,
                          total=ta, against=str(tb)),
                 RollSide(label=rb.label, roll=rb, modifiers=sb.applied, dropped=sb.dropped,
                          total=tb, against=str(ta))]
        if ta != tb or sa.total != sb.total:
            wins = ta > tb if ta != tb else sa.total > sb.total
            return Opposed(first_wins=wins, first_total=ta, second_total=tb, rolls=rolls,
                           modifiers=sa.applied + sb.applied, dropped=dropped, sides=sides)
    return Opposed(first_wins=False, first_total=ta, second_total=tb, rolls=rolls,
                   modifiers=sa.applied + sb.applied, dropped=dropped, sides=sides)


class TouchAttack(BaseModel):
    hit: bool
    roll: Roll
    total: int
    ac: int
    modifiers: list[Modifier]
    dropped: list[DroppedModifier] = []

    @property
    def side(self) -> RollSide:
        """The touch attack as a manoeuvre's first roll, against the target's touch AC."""
        return RollSide(label=self.roll.label, roll=self.roll, modifiers=self.modifiers,
                        dropped=self.dropped, total=self.total, against=Message.of("rules.ac", ac=self.ac))


def melee_touch(a: Combatant, t: Combatant, sit: Situation, dice: Dice, what: str) -> TouchAttack:
    """The melee touch attack that starts a trip or a grapple (provokes: the engine asks),
    with the GM's edits from the attack panel (core/gm_edits.py)."""
    mods, _ = attack_modifiers(a, t, Weapon(), sit, ranged=False)
    st = stack(mods + gm_added(sit, "attack"), Stacking.TYPED_35, disabled=sit.disabled)
    ac = armour_class(t, sit, a, touch=True)
    roll = dice.d20(label=note("touch_roll", what=what))
    nat = roll.natural or 0
    total = nat + st.total
    hit = nat == 20 or (nat != 1 and total >= ac.total)
    return TouchAttack(hit=hit, roll=roll, total=total, ac=ac.total, modifiers=st.applied,
                       dropped=st.dropped)
