"""Initiative: a d10 each round, lowest first; characters subtract their Dex adjustment (+2
with Improved Initiative) except from a natural 10; monsters roll per group; surprise 1–3 on
a d10, doubled by an ambush, tripled by an undetectable one (001 "INITIATIVE, FLANKING,
SURPRISE"). Objects on the map (`is_object`) roll nothing and so never get a turn."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.rules.adnd2bis.conditions import roll_penalties
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import adnd_bonus, src
from battlemap.rules.adnd2bis.words import named, note
from battlemap.rules.core.combat import Combatant, InitiativeEntry
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.core.waiting import WaitRule

SECTION = "INITIATIVE, FLANKING, SURPRISE"
# The table option `initiative_dex` "adnd_table" reads: its note names « Dextérité : AC et
# Initiative » among its uses.
ADND_TABLE = "Bonus AD&D selon abilité (sauf Force > 15 en combat)"
EXHAUSTED = "Exhausted (Epuisé)"


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
        # The source is the reading the option takes (docs/rules/adnd2bis.md "A turn").
        mods.append(Modifier(name=named("ability_score", ability=named("ability_dex"), score=s.dexterity),
                             value=dex, applies_to="initiative",
                             source=src(ADND_TABLE if opts.initiative_dex == "adnd_table"
                                        else SECTION)))
    if s.has("improved_initiative"):
        mods.append(Modifier(name=named("improved_initiative"), value=2, applies_to="initiative",
                             source=src(SECTION)))
    return mods + condition_penalties(c)


def condition_penalties(c: Combatant) -> list[Modifier]:
    """What the creature's own state costs every roll, initiative included (sharing a square,
    Fatigued): a creature rolling with its group takes these on the group's die."""
    return roll_penalties(c, "initiative")[0]


def _worse(c: Combatant) -> list[str]:
    """Why the creature rolls initiative with disadvantage (Exhausted: "Disadvantage to all
    rolls"); on a d10 read lowest first, disadvantage keeps the higher die."""
    return roll_penalties(c, "initiative")[1].disadvantage


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
        worse = _worse(c)
        notes: list[str] = []
        why = note("initiative_disadvantage", why=worse, src=src(EXHAUSTED))
        if grouped:
            if c.side not in group_rolls:
                group_rolls[c.side] = dice.d(10, label=note("group_initiative", side=c.side))
            roll = group_rolls[c.side]
            natural = roll.total
            if worse:
                # The group's die is shared: the creature rolls a second one for itself.
                own = dice.d(10, label=note("initiative_of_why", name=c.name, why=why))
                natural = max(natural, own.total)
                notes.append(note("group_second_d10", why=why, group=roll.total, own=own.total,
                                  n=natural))
            mods = condition_penalties(c)
            group: str | None = c.side
        else:
            if worse:
                roll = dice.roll("2d10kh1", label=note("initiative_of_why", name=c.name, why=why))
                notes.append(note("two_d10", why=why))
            else:
                roll = dice.d(10, label=note("initiative_of", name=c.name))
            natural = roll.total
            mods = adjustments(c, s, opts)
            group = None
        if natural == 10 and mods:
            notes.append(note("nat10"))
        entries.append((InitiativeEntry(token=c.id, roll=roll, modifiers=mods,
                                        score=score(natural, mods), group=group,
                                        notes=notes), order))
    entries.sort(key=lambda e: (e[0].score, e[1]))  # lowest first; ties keep the given order
    return [e for e, _ in entries]


# 001 "Hold Action (Réaction conditionnelle)", « Décalage d'initiative » : « décaler son
# action au cours des segments d'initiative du round en cours jusqu'au dernier ou à celui où
# l'on choisit d'énoncer alors son action ». It lasts « jusqu'à la prochaine initiative du
# personnage »: the new round's roll gives its place again (001 "Initiative": rolled each round).
WAITING = WaitRule(kind="hold", source=src("Hold Action (Réaction conditionnelle)"))
