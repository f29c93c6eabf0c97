"""The 2bis conditions ("ETATS DU PERSONNAGE" and a few the combat text creates), their
default durations and their effects on attacks, AC, saves and movement."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.model import Condition
from battlemap.rules.adnd2bis.charge import AC_PENALTY, CHARGING
from battlemap.rules.adnd2bis.charge import SECTION as CHARGE
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import PREFIX, condition_named, named, note
from battlemap.rules.core.combat import Combatant, ConditionInfo, TurnEvent
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.modifiers import Advantage, Modifier
from battlemap.text import Message, words

# The text keeps the AD&D turn (10 minutes) but plays 6-second rounds ("TEMPORALITE"):
# one turn = 100 rounds, one hour = 600.
ROUNDS_PER_TURN = 100
ROUNDS_PER_HOUR = 600

_ETATS = "ETATS (CONDITIONS, AFFLICTIONS… ) DU PERSONNAGE"

# name: (effects, default duration as dice in rounds or None, section); the labels are the
# system's words (words.py)
_TABLE: dict[str, tuple[list[str], str | None, str]] = {
    "dying": ([
        "0 pv : consciente, aucune action, murmure seulement (d4+4 heures, puis CON DC 20)",
        "−1 à −5 pv : inconsciente, perd 1 pv par turn (100 rounds ; niveau = rounds écoulés)",
        "−6 à −10 pv : perd 1 pv par round", "sous −10 pv : morte"], None, "Dying"),
    "stable": (["ne perd plus de points de vie"], None, "Dying"),
    "stabilising": ([
        "un soignant s'y consacre (2 rounds, 1 avec Healing) : ne perd pas de pv",
        "niveau = rounds de soins déjà faits"], None, "Dying"),
    "healing_check": ([
        "check de Healing en rounds (DC 30) : perd encore des pv",
        "niveau = rounds déjà faits"], None, "Dying"),
    "fatigued": (["−1 à tous les jets par heure de fatigue (niveau)"],
                 None, "Fatigued (Fatigué)"),
    "exhausted": ([
        "perte de 50 % des pv max en non létal (jamais sous 0 ; à 0 : étourdi) ; niveau 1 : "
        "perte déjà subie", "vitesse −50 %",
        "désavantage à tous les jets"], None, "Exhausted (Epuisé)"),
    "frightened": ([
        "désavantage aux attaques tant que la source est perçue",
        "ne peut s'approcher de la source"], f"{ROUNDS_PER_TURN}+1d10", "Frightened (Effrayé)"),
    "grappled": ([
        "vitesse 0 (pas de 5' non plus)", "désavantage aux attaques", "−2 aux JS et à la CA",
        "une seule action si l'agrippeur a le feat (niveau 1)"], None, "Grappled (Attrapé)"),
    "grappling": ([
        "déplace sa victime à la moitié de sa vitesse (move action)",
        "la libère quand il veut (action gratuite)"], None, "Grapple"),
    "prone": ([
        "ne peut que ramper", "désavantage aux attaques",
        "−2 CA contre la mêlée, +2 CA contre le tir"], None, "Prone (au sol)"),
    "stunned": ([
        "ne peut ni bouger ni agir", "rate automatiquement ses JS", "−4 CA"], "1d3",
        "Stunned / Dazed (Etourdi)"),
    "paralyzed": ([
        "ne peut ni bouger, ni agir, ni parler", "rate ses JS non mentaux",
        "toute attaque de mêlée qui touche inflige les dommages max ×2", "−6 CA"],
        f"(1d4+1)*{ROUNDS_PER_HOUR}", "Paralyzed (Paralysé)"),
    "unconscious": ([
        "ne peut ni bouger, ni agir, ni parler", "rate tous ses JS", "tombe au sol, lâche tout",
        "toute attaque de mêlée qui touche inflige les dommages max ×2", "−6 CA"],
        f"(1d4+1)*{ROUNDS_PER_TURN}", "Unconscious (Inconscient)"),
    "blinded": ([
        "rate tout test qui exige la vue", "attaques à −4 et avec désavantage"],
        f"(1d4+1)*{ROUNDS_PER_HOUR}", "Blinded (Aveuglé)"),
    "deafened": (["rate tout test qui exige l'ouïe", "−1 CA"],
                 f"(1d4+1)*{ROUNDS_PER_TURN}", "Deafened (Assourdi)"),
    "surprised": ([
        "aucune action ce round", "−2 CA", "+2 au toucher contre lui"], "1", "Surprise"),
    "charging": (["−2 CA pendant un round complet (jusqu'à son "
                                            "prochain tour)"], None, "Charge"),
    "full_defence": ([
        "+4 CA (+5 adossé à un mur : niveau 5)", "aucune autre action, 5' de déplacement",
        "jusqu'à son prochain tour"], None, "Full Defence / Parry (Défense totale)"),
    "holding_action": ([
        "action et déclencheur énoncés, non modifiables", "aucune autre action ni mouvement",
        "se déclenche en réaction au segment où la condition se vérifie",
        "prépare à une contre-charge ; permet de riposter à un Flyby",
        "jusqu'à sa prochaine initiative"], None, "Hold Action (Réaction conditionnelle)"),
    "sharing_square": ([
        "−4 à tout jet non purement mental, initiative et CA (−6 à trois : niveau 3)"], None,
        "Positionnement en combat"),
    "fumbled": ([
        "plus aucune action ni réaction ce round, attaques restantes comprises",
        "jusqu'à la fin du round"], None, "Fumbles (natural 1/d20 toHit)"),
    "armour_damaged": (["−2 CA jusqu'à réparation"],
                       str(ROUNDS_PER_TURN), "Fumbles (natural 1/d20 toHit)"),
    "dex_lost": (["perd son bonus de DEX à la CA"], None,
                 "Fumbles (natural 1/d20 toHit)"),
    "disoriented": ([
        "perd le prochain round (pas de 5' seulement)", "perd son bonus de DEX"], "1",
        "Fumbles (natural 1/d20 toHit)"),
    "broken_hand": ([
        "désavantage pour le reste de la rencontre", "1d6 dommages par round d'usage"], None,
        "Fumbles (natural 1/d20 toHit)"),
    "reopened_wound": ([
        "perd 1 pv par round sauf au repos ou en marchant"], None,
        "Fumbles (natural 1/d20 toHit)"),
    "stuck_weapon": (["check de Force DC 20 pour la libérer"],
                     None, "Fumbles (natural 1/d20 toHit)"),
    "dead": (["sous −10 pv"], None, "Dying"),
    "broken": (["objet à 0 pv ou Break DC réussi"], None,
               "Dommages aux objets et matériaux"),
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
                                               src=src(_TABLE[n][2]))))
    return out


def condition_table() -> dict[str, ConditionInfo]:
    out: dict[str, ConditionInfo] = {}
    for name, (effects, duration, section) in _TABLE.items():
        fixed = int(duration) if duration is not None and duration.isdigit() else None
        shown = list(effects) + ([note("default_rounds", n=duration)] if duration else [])
        out[name] = ConditionInfo(name=name, label=Message.of(f"{PREFIX}.condition.{name}"),
                                  effects=shown, default_rounds=fixed, source=src(section))
    return out


def roll_duration(name: str, dice: Dice) -> Roll | None:
    """The default duration in rounds of a condition (rolled when it is dice), or None; the
    roll's label names the condition and the section that gives the duration."""
    row = _TABLE.get(name)
    if row is None or row[1] is None:
        return None
    return dice.roll(row[1], label=note("default_duration", cond=condition_named(name), src=src(row[2])))


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
