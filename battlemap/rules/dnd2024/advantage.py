"""Every source of Advantage and Disadvantage on an attack roll, by name.

One of each cancels and several never stack (003 "Avantage", "Désavantage"); the core
`Advantage` keeps the lists so the log shows them all, including the cancelled ones."""

from __future__ import annotations

from typing import Any

from battlemap.model import Size
from battlemap.rules.core.combat import Combatant, Situation
from battlemap.rules.core.modifiers import Advantage
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.conditions import ATTACKED_WITH_ADVANTAGE, CONDITIONS, condition_source
from battlemap.rules.dnd2024.stats import Weapon
from battlemap.rules.dnd2024.words import condition_named, note
from battlemap.text import LANGUAGES, words

CLOSE_M = 1.5  # "within 5 feet"


def attack_advantage(attacker: Combatant, target: Combatant, weapon: Weapon,
                     situation: Situation, options: Any, long_range: bool) -> Advantage:
    adv = Advantage()
    melee = weapon.kind == "melee"
    close = situation.distance_m <= CLOSE_M + 1e-9

    # The attacker's own conditions (D&D 2024 PHB, Conditions).
    for name in ("blinded", "poisoned", "prone", "restrained"):
        if attacker.has(name):
            adv.disadvantage.append(note("attacker_cond", cond=condition_named(name),
                                         src=src.condition(CONDITIONS[name].label)))
    if attacker.has("frightened"):
        adv.disadvantage.append(note("attacker_frightened", src=src.condition('Frightened')))
    if attacker.has("invisible") and not situation.target_unseen:
        adv.advantage.append(note("attacker_cond", cond=condition_named("invisible"),
                                  src=src.condition('Invisible')))
    grappler = condition_source(attacker, "grappled")
    if attacker.has("grappled") and grappler and grappler != target.id:
        adv.disadvantage.append(note("attacker_grappled", src=src.condition('Grappled')))

    # The target's conditions.
    for name in sorted(ATTACKED_WITH_ADVANTAGE):
        if target.has(name):
            adv.advantage.append(note("target_cond", cond=condition_named(name),
                                      src=src.condition(CONDITIONS[name].label)))
    if target.has("prone"):
        if close:
            adv.advantage.append(note("target_prone_close", src=src.condition('Prone')))
        else:
            adv.disadvantage.append(note("target_prone_far", src=src.condition('Prone')))
    if target.has("invisible") and not attacker.has("blinded"):
        adv.disadvantage.append(note("target_cond", cond=condition_named("invisible"),
                                     src=src.condition('Invisible')))

    # What the map says.
    if situation.attacker_unseen and not attacker.has("invisible"):
        adv.advantage.append(note("attacker_unseen", src=src.UNSEEN))
    if situation.target_unseen and not attacker.has("blinded"):
        adv.disadvantage.append(note("target_unseen", src=src.UNSEEN))
    if not melee and situation.adjacent_enemy:
        adv.disadvantage.append(note("ranged_close", src=src.RANGED_CLOSE))
    if long_range:
        adv.disadvantage.append(note("long_range", src=src.LONG_RANGE))
    if "heavy" in weapon.properties and attacker.size in (Size.TINY, Size.SMALL):
        adv.disadvantage.append(note("heavy_small", src=src.HEAVY))
    if melee and situation.flanked and options.flanking:
        adv.advantage.append(note("flanking", src=src.FLANKING))
    return gm_calls(adv, situation)


def gm_calls(adv: Advantage, situation: Situation) -> Advantage:
    """`adv` with the GM's own calls as extra sources, less the sources the GM switched off
    (named in either language, before their source: « cible À terre à 1,5 m ou moins »)."""
    adv.advantage.extend(note("gm_call", name=n) for n in situation.advantage)
    adv.disadvantage.extend(note("gm_call", name=n) for n in situation.disadvantage)
    off = set(situation.disabled)

    def kept(why: str) -> bool:
        return not off or not {words(why, lang).split(" (")[0] for lang in LANGUAGES} & off

    adv.advantage = [a for a in adv.advantage if kept(a)]
    adv.disadvantage = [d for d in adv.disadvantage if kept(d)]
    return adv

