"""Combat manoeuvres declared before the attack roll (004 "Manœuvres de combat"): on a Coup
de maître the manoeuvre happens without damage; on a normal hit the defender chooses between
the manoeuvre and the damage (both are returned, the engine applies the choice); unarmed
manoeuvres deal brawl damage 1d2 + FOR."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.core.combat import (
    AttackRequest,
    ManoeuvreRequest,
    ManoeuvreResult,
    RollSide,
)
from battlemap.rules.core.dice import Dice
from battlemap.rules.pmt.attack import MANOEUVRES, resolve_attack
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.tables import src
from battlemap.rules.pmt.words import manoeuvre_named, note

# Manoeuvres of the seed's list that leave a state on the defender.
LEAVES = {"envoyer au sol": "prone", "désarmer": "disarmed", "attraper et tirer à soi": "held",
          "bloquer l'arme": "weapon_blocked"}


def resolve_manoeuvre(req: ManoeuvreRequest, dice: Dice, opts: PmtOptions) -> ManoeuvreResult:
    attack = resolve_attack(AttackRequest(
        attacker=req.attacker, target=req.target, weapon=req.options.get("weapon"),
        situation=req.situation,
        options={"manoeuvre": req.name, "unarmed": bool(req.options.get("unarmed"))}), dice, opts)
    one = attack.attacks[0]
    # An attack roll: the GM's edits in `req.situation` count as on any attack.
    res = ManoeuvreResult(name=req.name, success=False, rolls=[one.roll] if one.roll else [],
                          modifiers=one.modifiers, dropped=one.dropped, notes=list(one.notes))
    if one.roll is not None:  # one roll, the attack's, against what it had to reach
        res.sides = [RollSide(label=one.label or req.attacker.name, roll=one.roll,
                              modifiers=one.modifiers, dropped=one.dropped, total=one.total,
                              against=one.target_label or str(one.target_number))]
    if one.target_label:  # what the roll had to reach, as for an attack ("14 contre TAC0 …")
        res.notes.insert(0, note("total_vs", total=one.total, against=one.target_label))
    if one.outcome == "no_target":  # total cover: no attack roll, so no manoeuvre either
        return res
    if one.outcome == "miss":
        res.damage = one.damage  # the 1 damage of a miss, when that option is on
        res.effects.append(note("attack_missed"))
        return res
    res.success = True
    state = LEAVES.get(req.name)
    if one.damage is None:  # Coup de maître
        res.effects.append(note("succeeded", name=manoeuvre_named(req.name)))
        if state:
            res.conditions_added[req.target.id] = [Condition(name=state, source=src(MANOEUVRES))]
    else:
        # "le défenseur peut, au choix, laisser la manœuvre s'effectuer ou subir les dommages":
        # both are given, the engine applies the defender's choice.
        res.defender_chooses = True
        res.damage = one.damage
        if state:
            res.conditions_added[req.target.id] = [Condition(name=state, source=src(MANOEUVRES))]
        res.effects.append(note("choice", name=manoeuvre_named(req.name), n=one.damage.total,
                                src=src(MANOEUVRES)))
    return res
