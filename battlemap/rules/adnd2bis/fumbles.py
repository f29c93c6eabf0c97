"""Fumbles (natural 1): the DEX/Acrobatics DC 15 check, then the 20-entry table applied as
conditions, damage and notes (001 "Fumbles (natural 1/d20 toHit)")."""

from __future__ import annotations

from pydantic import BaseModel, Field

from battlemap.model import Condition
from battlemap.rules.adnd2bis.checks import CheckResult, ability_check
from battlemap.rules.adnd2bis.conditions import ROUNDS_PER_TURN
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.dice import Dice, Roll

SECTION = "Fumbles (natural 1/d20 toHit)"
CONFIRM_DC = 15

# (last d20 face of the row, effect in French)
TABLE: list[tuple[int, str]] = [
    (1, "Se touche avec sa propre arme"),
    (2, "Attaque un partenaire avec son arme ; à défaut s'attaque lui-même (raté : 1d4 non létal)"),
    (3, "Subit l'attaque du partenaire le plus proche ; à défaut un projectile de l'arrière"),
    (6, "Trébuche : au sol ; CON DC 18 (10 avec casque) ou 2d6 dommages et inconscient 1 minute"),
    (8, "Lâche tout ce qu'il tient en main"),
    (11, "Mauvais mouvement : le ou les adversaires ont 1 attaque d'opportunité"),
    (13, "L'arme frappe le sol/un mur : JS de l'arme contre coup"),
    (15, "Perd une pièce d'armure : −2 CA pendant 1 turn, le temps de la réparer"),
    (16, "Élongation : mouvement 10', 1d4 non létal, perd le bonus de DEX jusqu'à 10 pv soignés"),
    (17, "Arme coincée : check de Force DC 20 pour la libérer"),
    (18, "Désorientation : perd le prochain round (pas de 5' seulement) et le bonus de DEX ; "
         "Orientation DC 20 pour l'éviter"),
    (19, "Une ancienne blessure se rouvre : −1 pv par round sauf au repos"),
    (20, "Main qui frappe cassée : désavantage jusqu'à la fin de la rencontre, 1d6 par round "
         "d'usage"),
]


class FumbleResult(BaseModel):
    confirm: CheckResult
    confirmed: bool
    table_roll: Roll | None = None
    effect: str = ""
    conditions: list[Condition] = Field(default_factory=list)
    damage: list[tuple[Roll, str]] = Field(default_factory=list)  # (roll, "lethal"/"nonlethal")
    secondary: list[CheckResult] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


def entry(face: int) -> str:
    for last, text in TABLE:
        if face <= last:
            return text
    raise ValueError(f"no fumble row for {face}")


def _cond(name: str, rounds: int | None = None) -> Condition:
    return Condition(name=name, rounds_left=rounds, source=src(SECTION))


def resolve_fumble(who: Combatant, dice: Dice) -> FumbleResult:
    s = who.stats if isinstance(who.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        who.stats or {})
    check = ability_check(who, s, "dex", dice, dc=CONFIRM_DC, skill="acrobatics")
    out = FumbleResult(confirm=check, confirmed=not check.success)
    if check.success:
        out.notes.append(f"fumble évité : DEX/Acrobatics {check.total} ≥ {CONFIRM_DC}")
        return out
    out.table_roll = dice.d(20, label="table des fumbles")
    face = out.table_roll.total
    out.effect = entry(face)
    out.notes.append(f"fumble confirmé ({check.total} < {CONFIRM_DC}), d20 = {face} : {out.effect}")
    _apply(out, face, who, s, dice)
    return out


def _apply(out: FumbleResult, face: int, who: Combatant, s: Adnd2bisStats, dice: Dice) -> None:
    weapon = s.weapons[0].damage if s.weapons else "1d2"
    if face == 1:
        out.damage.append((dice.roll(weapon, label="se touche lui-même"), "lethal"))
    elif 4 <= face <= 6:
        out.conditions.append(_cond("prone"))
        con = ability_check(who, s, "con", dice, dc=10 if s.helm else 18)
        out.secondary.append(con)
        if not con.success:
            out.damage.append((dice.roll("2d6", label="chute"), "lethal"))
            out.conditions.append(_cond("unconscious", 10))  # 1 minute = 10 rounds of 6 s
            out.notes.append("CON raté : 2d6 et inconscient 1 minute (ou jusqu'au prochain dommage)")
    elif 14 <= face <= 15:
        out.conditions.append(_cond("armour_damaged", ROUNDS_PER_TURN))
    elif face == 16:
        out.damage.append((dice.roll("1d4", label="élongation"), "nonlethal"))
        out.conditions.append(_cond("dex_lost"))
    elif face == 17:
        out.conditions.append(_cond("stuck_weapon"))
    elif face == 18:
        orient = ability_check(who, s, "wis", dice, dc=20, skill="orientation")
        out.secondary.append(orient)
        if orient.success:
            out.notes.append("Orientation réussie : désorientation évitée")
        else:
            out.conditions.append(_cond("disoriented", 2))  # this round and the next
    elif face == 19:
        out.conditions.append(_cond("reopened_wound"))
    elif face == 20:
        out.conditions.append(_cond("broken_hand"))
