"""The 2bis conditions ("ETATS DU PERSONNAGE" and a few the combat text creates), their
default durations and their effects on attacks, AC, saves and movement."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.model import Condition
from battlemap.rules.adnd2bis.charge import AC_PENALTY, CHARGING
from battlemap.rules.adnd2bis.charge import SECTION as CHARGE
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import PREFIX, condition_effects, condition_named, named, note
from battlemap.rules.core.combat import Combatant, ConditionInfo, TurnEvent
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.modifiers import Advantage, Modifier
from battlemap.text import Message, words

# The text keeps the AD&D turn (10 minutes) but plays 6-second rounds ("TEMPORALITE"):
# one turn = 100 rounds, one hour = 600.
ROUNDS_PER_TURN = 100
ROUNDS_PER_HOUR = 600

_ETATS = "ETATS (CONDITIONS, AFFLICTIONS… ) DU PERSONNAGE"

# name: (default duration as dice in rounds or None, section); the labels and what each does
# are the system's words (words.py)
_TABLE: dict[str, tuple[str | None, str]] = {
    "dying": (None, "Dying"),
    "stable": (None, "Dying"),
    "stabilising": (None, "Dying"),
    "healing_check": (None, "Dying"),
    "fatigued": (None, "Fatigued (Fatigué)"),
    "exhausted": (None, "Exhausted (Epuisé)"),
    "frightened": (f"{ROUNDS_PER_TURN}+1d10", "Frightened (Effrayé)"),
    "grappled": (None, "Grappled (Attrapé)"),
    "grappling": (None, "Grapple"),
    "prone": (None, "Prone (au sol)"),
    "stunned": ("1d3", "Stunned / Dazed (Etourdi)"),
    "paralyzed": (f"(1d4+1)*{ROUNDS_PER_HOUR}", "Paralyzed (Paralysé)"),
    "unconscious": (f"(1d4+1)*{ROUNDS_PER_TURN}", "Unconscious (Inconscient)"),
    "blinded": (f"(1d4+1)*{ROUNDS_PER_HOUR}", "Blinded (Aveuglé)"),
    "deafened": (f"(1d4+1)*{ROUNDS_PER_TURN}", "Deafened (Assourdi)"),
    "surprised": ("1", "Surprise"),
    "charging": (None, "Charge"),
    "full_defence": (None, "Full Defence / Parry (Défense totale)"),
    "holding_action": (None, "Hold Action (Réaction conditionnelle)"),
    "sharing_square": (None, "Positionnement en combat"),
    "fumbled": (None, "Fumbles (natural 1/d20 toHit)"),
    "armour_damaged": (str(ROUNDS_PER_TURN), "Fumbles (natural 1/d20 toHit)"),
    "dex_lost": (None, "Fumbles (natural 1/d20 toHit)"),
    "disoriented": ("1", "Fumbles (natural 1/d20 toHit)"),
    "broken_hand": (None, "Fumbles (natural 1/d20 toHit)"),
    "reopened_wound": (None, "Fumbles (natural 1/d20 toHit)"),
    "stuck_weapon": (None, "Fumbles (natural 1/d20 toHit)"),
    "dead": (None, "Dying"),
    "broken": (None, "Dommages aux objets et matériaux"),
}

# Disoriented is not here: it keeps its 5' step (fumble 18, "you can only execute 5' step").
NO_ACTION = {"stunned", "paralyzed", "unconscious", "dead", "dying", "surprised", "fumbled"}


# Conditions that last "the round" from the creature's own turn: its next turn ends them.
UNTIL_NEXT_TURN = ("charging", "full_defence", "holding_action")
# Conditions that end with the round itself: a fumble stops what the creature does "dans le
# round" (001 "Fumbles"), so a foe acting before it in the next round finds it threatening.
UNTIL_END_OF_ROUND = ("fumbled",)


def until_next_turn(c: Combatant) -> list[TurnEvent]:
    gone = [n for n in UNTIL_NEXT_TURN if c.has(n)]
    return [TurnEvent(token=c.id, what=note("end_of", conds=[condition_named(n) for n in gone]),
                      conditions_removed=gone)] if gone else []


def end_of_round(combatants: Sequence[Combatant]) -> list[TurnEvent]:
    out = []
    for c in combatants:
        for n in UNTIL_END_OF_ROUND:
            if c.has(n):
                out.append(TurnEvent(token=c.id, conditions_removed=[n],
                                     what=note("end_of_round", cond=condition_named(n),
                                               src=src(_TABLE[n][1]))))
    return out


def condition_table() -> dict[str, ConditionInfo]:
    out: dict[str, ConditionInfo] = {}
    for name, (duration, section) in _TABLE.items():
        fixed = int(duration) if duration is not None and duration.isdigit() else None
        shown = condition_effects(name) + ([note("default_rounds", n=duration)] if duration else [])
        out[name] = ConditionInfo(name=name, label=Message.of(f"{PREFIX}.condition.{name}"),
                                  effects=shown, default_rounds=fixed, source=src(section))
    return out


def roll_duration(name: str, dice: Dice) -> Roll | None:
    """The default duration in rounds of a condition (rolled when it is dice), or None; the
    roll's label names the condition and the section that gives the duration."""
    row = _TABLE.get(name)
    if row is None or row[0] is None:
        return None
    return dice.roll(row[0], label=note("default_duration", cond=condition_named(name), src=src(row[1])))


def caused_said(name: str, dice: Dice, source: str) -> tuple[Condition, Message | str]:
    """A condition a rule causes without saying for how long: it lasts its default duration,
    rolled now; the message shows the roll (empty when the condition has no default)."""
    roll = roll_duration(name, dice)
    cond = Condition(name=name, rounds_left=roll.total if roll else None, source=source)
    return cond, (note("rolled_rounds", label=roll.label, roll=roll.render()) if roll else "")


def caused(name: str, dice: Dice, source: str) -> tuple[Condition, str]:
    """`caused_said` with the roll in the French words that hp.py's notes (French text, not
    yet messages) put it in."""
    cond, said = caused_said(name, dice, source)
    return cond, words(said, "fr")


def sharing_penalty(c: Combatant) -> int:
    """−4 with two creatures in the square, −6 with three ("Positionnement en combat")."""
    for cond in c.conditions:
        if cond.name == "sharing_square":
            return -6 if (cond.level or 2) >= 3 else -4
    return 0


def fatigue_penalty(c: Combatant) -> int:
    for cond in c.conditions:
        if cond.name == "fatigued":
            return -max(cond.level or 1, 1)
    return 0


def roll_penalties(c: Combatant, what: str) -> tuple[list[Modifier], Advantage]:
    """Penalties every non-mental roll of `c` takes (attack, save, check, initiative)."""
    mods: list[Modifier] = []
    adv = Advantage()
    share = sharing_penalty(c)
    if share:
        mods.append(Modifier(name=named("shared_square"), value=share, applies_to=what,
                             source=src("Positionnement en combat")))
    fat = fatigue_penalty(c)
    if fat:
        mods.append(Modifier(name=named("fatigued"), value=fat, applies_to=what,
                             source=src("Fatigued (Fatigué)")))
    if c.has("exhausted"):
        adv.disadvantage.append(condition_named("exhausted"))
    if c.has("broken_hand") and what == "attack":
        adv.disadvantage.append(condition_named("broken_hand"))
    return mods, adv


def attacker_effects(c: Combatant) -> tuple[list[Modifier], Advantage]:
    """What the attacker's own conditions do to its attack roll."""
    mods, adv = roll_penalties(c, "attack")
    for name in ("prone", "grappled", "frightened"):
        if c.has(name):
            adv.disadvantage.append(condition_named(name))
    if c.has("blinded"):
        adv.disadvantage.append(condition_named("blinded"))
        mods.append(Modifier(name=named("blinded"), value=-4, source=src("Blinded (Aveuglé)")))
    return mods, adv


def defender_ac(c: Combatant, kind: str, dex_ac: int) -> list[Modifier]:
    """Changes to the target's AC, as AC bonuses (positive = harder to hit).
    `dex_ac` is the Dex bonus the target loses when a condition removes it."""
    melee = kind.startswith("melee")
    mods: list[Modifier] = []

    def add(name: Message, value: int, section: str) -> None:
        mods.append(Modifier(name=name, value=value, applies_to="ac", source=src(section)))

    if c.has("prone"):
        add(named("prone"), -2 if melee else 2, "Prone (au sol)")
    if c.has("stunned"):
        add(named("stunned"), -4, "Stunned / Dazed (Etourdi)")
    if c.has("paralyzed"):
        add(named("paralyzed"), -6, "Paralyzed (Paralysé)")
    elif c.has("unconscious"):
        add(named("unconscious"), -6, "Unconscious (Inconscient)")
    if c.has("deafened"):
        add(named("deafened"), -1, "Deafened (Assourdi)")
    if c.has("grappled"):
        add(named("grappled"), -2, "Grappled (Attrapé)")
    if c.has("surprised"):
        add(named("surprised"), -2, "Surprise")
    if c.has(CHARGING):
        add(named("charge"), AC_PENALTY, CHARGE)
    if c.has("armour_damaged"):
        add(named("armour_damaged"), -2, "Fumbles (natural 1/d20 toHit)")
    if (c.has("dex_lost") or c.has("disoriented")) and dex_ac > 0:
        add(named("dex_lost"), -dex_ac, "Fumbles (natural 1/d20 toHit)")
    share = sharing_penalty(c)
    if share:
        add(named("shared_square"), share, "Positionnement en combat")
    for cond in c.conditions:
        if cond.name == "full_defence":
            add(named("full_defence"), 5 if (cond.level or 4) >= 5 else 4,
                "Full Defence / Parry (Défense totale)")
    return mods


def max_damage_x2(target: Combatant, kind: str) -> bool:
    """Paralyzed or unconscious: a melee hit deals maximum weapon damage ×2."""
    return kind.startswith("melee") and (target.has("paralyzed") or target.has("unconscious"))
