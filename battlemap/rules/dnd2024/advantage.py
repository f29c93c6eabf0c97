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
from battlemap.rules.dnd2024.words import seed_word

CLOSE_M = 1.5  # "within 5 feet"


def _label(name: str) -> str:
    return seed_word(name)


def attack_advantage(attacker: Combatant, target: Combatant, weapon: Weapon,
                     situation: Situation, options: Any, long_range: bool) -> Advantage:
    adv = Advantage()
    melee = weapon.kind == "melee"
    close = situation.distance_m <= CLOSE_M + 1e-9

    # The attacker's own conditions (D&D 2024 PHB, Conditions).
    for name in ("blinded", "poisoned", "prone", "restrained"):
        if attacker.has(name):
            adv.disadvantage.append(f"attaquant {_label(name)} ({src.condition(CONDITIONS[name].label)})")
    if attacker.has("frightened"):
        adv.disadvantage.append(f"attaquant Effrayé, source en vue ({src.condition('Frightened')})")
    if attacker.has("invisible") and not situation.target_unseen:
        adv.advantage.append(f"attaquant Invisible ({src.condition('Invisible')})")
    grappler = condition_source(attacker, "grappled")
    if attacker.has("grappled") and grappler and grappler != target.id:
        adv.disadvantage.append(
            f"attaquant Agrippé, cible autre que l'agrippeur ({src.condition('Grappled')})")

    # The target's conditions.
    for name in sorted(ATTACKED_WITH_ADVANTAGE):
        if target.has(name):
            adv.advantage.append(f"cible {_label(name)} ({src.condition(CONDITIONS[name].label)})")
    if target.has("prone"):
        if close:
            adv.advantage.append(f"cible À terre à 1,5 m ou moins ({src.condition('Prone')})")
        else:
            adv.disadvantage.append(f"cible À terre à plus de 1,5 m ({src.condition('Prone')})")
    if target.has("invisible") and not attacker.has("blinded"):
        adv.disadvantage.append(f"cible Invisible ({src.condition('Invisible')})")

    # What the map says.
    if situation.attacker_unseen and not attacker.has("invisible"):
        adv.advantage.append(f"attaquant invisible pour la cible ({src.UNSEEN})")
    if situation.target_unseen and not attacker.has("blinded"):
        adv.disadvantage.append(f"cible que l'attaquant ne voit pas ({src.UNSEEN})")
    if not melee and situation.adjacent_enemy:
        adv.disadvantage.append(f"attaque à distance avec un ennemi à 1,5 m ({src.RANGED_CLOSE})")
    if long_range:
        adv.disadvantage.append(f"portée longue ({src.LONG_RANGE})")
    if "heavy" in weapon.properties and attacker.size in (Size.TINY, Size.SMALL):
        adv.disadvantage.append(f"arme lourde maniée par une petite créature ({src.HEAVY})")
    if melee and situation.flanked and options.flanking:
        adv.advantage.append(f"prise en tenaille ({src.FLANKING})")

    # The GM's own calls, as extra sources.
    adv.advantage.extend(f"{n} ({src.GM})" for n in situation.advantage)
    adv.disadvantage.extend(f"{n} ({src.GM})" for n in situation.disadvantage)
    adv.advantage = [a for a in adv.advantage if a.split(" (")[0] not in situation.disabled]
    adv.disadvantage = [d for d in adv.disadvantage if d.split(" (")[0] not in situation.disabled]
    return adv

