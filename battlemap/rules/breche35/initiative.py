"""Initiative: 1d20 + Dex modifier, highest first; ties go to the higher modifier, then a
re-roll (000 "Le round de combat", "Le jet de base" for ties)."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.rules.breche35.effects import ability_modifiers, stats_of
from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import condition_named, named, note
from battlemap.rules.core.combat import Combatant, InitiativeEntry
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier, Stacking, stack
from battlemap.rules.core.waiting import WaitRule

ROUND = src("Le round de combat")


def initiative_modifiers(c: Combatant) -> list[Modifier]:
    mods = [m.model_copy(update={"applies_to": "initiative", "source": ROUND})
            if m.type == "ability" else m for m in ability_modifiers(c, "dexterity", "initiative")]
    misc = stats_of(c).initiative_misc
    if misc:
        mods.append(Modifier(name=named("misc_feats"), value=misc, source=ROUND,
                             applies_to="initiative"))
    if c.has("deafened"):
        mods.append(Modifier(name=condition_named("deafened"), value=-4, type="condition", source=src("États"),
                             applies_to="initiative"))
    return mods


def roll_initiative(combatants: Sequence[Combatant], dice: Dice) -> list[InitiativeEntry]:
    entries: list[InitiativeEntry] = []
    keys: dict[str, tuple[int, int]] = {}
    for c in combatants:
        st = stack(initiative_modifiers(c), Stacking.TYPED_35)
        roll = dice.d20(label=note("initiative_of", name=c.name))
        total = roll.total + st.total
        entries.append(InitiativeEntry(token=c.id, roll=roll, modifiers=st.applied,
                                       score=total))
        keys[c.id] = (total, st.total)
    # Ties: the higher modifier first; still tied, re-roll a d20 between them until apart.
    tiebreak: dict[str, list[int]] = {e.token: [] for e in entries}
    for _ in range(20):
        groups: dict[tuple[int, int, tuple[int, ...]], list[str]] = {}
        for e in entries:
            groups.setdefault((*keys[e.token], tuple(tiebreak[e.token])), []).append(e.token)
        tied = [ids for ids in groups.values() if len(ids) > 1]
        if not tied:
            break
        for ids in tied:
            for tid in ids:
                tiebreak[tid].append(dice.d20(label=note("tie_roll")).total)
    for e in entries:
        if tiebreak[e.token]:
            e.notes.append(note("tie_break", rolls=[str(r) for r in tiebreak[e.token]]))
    entries.sort(key=lambda e: (keys[e.token], tiebreak[e.token]), reverse=True)
    return entries


# 000 "Le round de combat", « Retarder » : « on choisit d'agir plus tard dans le round ; son
# initiative change pour la suite. » The creature leaves the order and comes back where the GM
# says it acts; it keeps that place afterwards.
WAITING = WaitRule(kind="delay", source=ROUND)
