"""Initiative: a d10 each round, lowest first; characters subtract their Dex adjustment (+2
with Improved Initiative) except from a natural 10; monsters roll per group; surprise 1–3 on
a d10, doubled by an ambush, tripled by an undetectable one (001 "INITIATIVE, FLANKING,
SURPRISE"). Objects on the map (`is_object`) roll nothing and so never get a turn."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.rules.adnd2bis.conditions import sharing_penalty
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import adnd_bonus, src
from battlemap.rules.core.combat import Combatant, InitiativeEntry
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.modifiers import Modifier

SECTION = "INITIATIVE, FLANKING, SURPRISE"
_AMBUSH = {"none": 1, "ambush": 2, "undetectable": 3}


def _stats(c: Combatant) -> Adnd2bisStats:
    return c.stats if isinstance(c.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        c.stats or {})


def dex_adjustment(dex: int, how: str = "dex_minus_15") -> int:
    """The text: "bonus = DEX − 15" (table AD&D); read literally it would punish every score
    under 15, so below 15 we keep the table's own (≤ 0) values."""
    if how == "adnd_table":
        return adnd_bonus(dex)
    return dex - 15 if dex >= 15 else min(adnd_bonus(dex), 0)


def adjustments(c: Combatant, s: Adnd2bisStats, opts: Adnd2bisOptions) -> list[Modifier]:
    """Subtracted from the d10 (a positive adjustment makes a lower, better score)."""
    mods: list[Modifier] = []
    dex = dex_adjustment(s.dexterity, opts.initiative_dex)
    if dex:
        mods.append(Modifier(name=f"Dextérité {s.dexterity}", value=dex, applies_to="initiative",
                             source=src(SECTION)))
    if s.has("improved_initiative"):
        mods.append(Modifier(name="Improved Initiative", value=2, applies_to="initiative",
                             source=src(SECTION)))
    share = sharing_penalty(c)
    if share:
        mods.append(Modifier(name="Case partagée", value=share, applies_to="initiative",
                             source=src("Positionnement en combat")))
    return mods


def score(natural: int, mods: list[Modifier]) -> int:
    """A natural 10 is never modified."""
    return natural if natural == 10 else natural - sum(m.value for m in mods)


def initiative(combatants: Sequence[Combatant], dice: Dice, opts: Adnd2bisOptions,
               round_number: int = 1) -> list[InitiativeEntry]:
    entries: list[tuple[InitiativeEntry, int]] = []
    group_rolls: dict[str, Roll] = {}
    for order, c in enumerate(combatants):
        s = _stats(c)
        if s.is_object:
            continue  # a door or a chest does not act: no initiative, no turn
        grouped = opts.initiative == "group" or s.class_group == "monster"
        if grouped:
            if c.side not in group_rolls:
                group_rolls[c.side] = dice.d(10, label=f"initiative du groupe {c.side}")
            roll = group_rolls[c.side]
            mods = [m for m in adjustments(c, s, opts) if m.name == "Case partagée"]
            group: str | None = c.side
        else:
            roll = dice.d(10, label=f"initiative {c.name}")
            mods = adjustments(c, s, opts)
            group = None
        notes = ["10 naturel : jamais modifié"] if roll.total == 10 and mods else []
        entries.append((InitiativeEntry(token=c.id, roll=roll, modifiers=mods,
                                        score=score(roll.total, mods), group=group,
                                        notes=notes), order))
    entries.sort(key=lambda e: (e[0].score, e[1]))  # lowest first; ties keep the given order
    return [e for e, _ in entries]


def surprise(dice: Dice, ambush: str = "none") -> tuple[Roll, bool, int]:
    """(roll, surprised?, threshold): 1–3 on a d10, ×2 in an ambush, ×3 undetectable."""
    threshold = 3 * _AMBUSH[ambush]
    roll = dice.d(10, label="surprise")
    return roll, roll.total <= threshold, threshold
