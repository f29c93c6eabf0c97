"""The "États" table of 000, plus the combat states the map tracks (dying, charge…).

The effects are wired in `effects.py`; here each condition says in words what it does."""

from __future__ import annotations

from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import PREFIX
from battlemap.rules.core.combat import ConditionInfo
from battlemap.text import Message

_ETATS = src("États")
_ROUND = src("Le round de combat")
_HP = src("Points de vie, mort et guérison")

# id: (effects in the seed's words, source); the labels are the system's words (words.py)
_TABLE: dict[str, tuple[list[str], str]] = {
    "prone": (["−4 aux attaques au corps à corps",
              "attaques au corps à corps contre lui +4, à distance −4",
              "se relever : action de mouvement"], _ETATS),
    "deafened": (["−4 à l'initiative",
                 "20 % d'échec des sorts à composante verbale"], _ETATS),
    "blinded": (["−2 à la CA, perd son bonus de Dextérité",
                "demi-vitesse", "−4 aux tests de Force et de Dextérité",
                "camouflage total (50 %) pour tous ses adversaires"], _ETATS),
    "staggered": (["une seule action simple ou de mouvement"], _ETATS),
    "confused": (["agit au hasard (1d100 chaque round)"], _ETATS),
    "dazzled": (["−1 aux attaques, Détection et Fouille"], _ETATS),
    "frightened": (["−2 aux attaques, sauvegardes et tests",
                   "fuit la source de sa peur"], _ETATS),
    "entangled": (["−2 aux attaques, −4 en Dextérité",
                  "demi-vitesse"], _ETATS),
    "exhausted": (["−6 en Force et en Dextérité", "demi-vitesse"], _ETATS),
    "stunned": (["lâche ce qu'il tient, n'agit pas",
                "−2 à la CA, perd son bonus de Dextérité"], _ETATS),
    "fascinated": (["immobile, n'agit pas",
                   "−4 aux tests de réaction"], _ETATS),
    "fatigued": (["−2 en Force et en Dextérité",
                 "ne peut ni courir ni charger"], _ETATS),
    "sickened": (["−2 aux attaques, dégâts, sauvegardes et tests"],
                 _ETATS),
    "dazed": (["n'agit pas, garde sa CA"], _ETATS),
    "pinned": (["ne peut ni bouger ni agir sauf se dégager",
               "−4 à la CA contre les autres"], _ETATS),
    "unconscious": (["sans défense"], _ETATS),
    "nauseated": (["une seule action de mouvement",
                  "ni attaque, ni sort, ni concentration"], _ETATS),
    "panicked": (["lâche ce qu'il tient et fuit",
                 "−2 aux sauvegardes et tests"], _ETATS),
    "paralyzed": (["immobile et sans défense"], _ETATS),
    "flat_footed": (["pas de bonus de Dextérité ni d'esquive "
                    "à la CA", "pas d'attaque d'opportunité"], _ETATS),
    "cowering": (["n'agit pas",
                 "−2 à la CA, perd son bonus de Dextérité"], _ETATS),
    "helpless": (["Dextérité comptée comme 0 (−5 à la CA)",
                 "attaques au corps à corps contre lui +4", "coup de grâce possible"], _ETATS),
    "shaken": (["−2 aux attaques, sauvegardes et tests"], _ETATS),
    "stable": (["mourant qui ne perd plus de points de vie"], _ETATS),
    # Not rows of "États" but states the seed's other sections give.
    "grappling": (["ne menace personne",
                  "perd son bonus de Dextérité contre les autres"], src("Manœuvres")),
    "invisible": (["+2 aux attaques contre une cible qui ne le voit pas, "
                  "qui perd son bonus de Dextérité", "camouflage total (50 %)"],
                  src("Capacités spéciales")),
    "charging": (["−2 à la CA jusqu'au prochain tour"], _ROUND),
    "total_defense": (["+4 d'esquive à la CA",
                      "pas d'attaque", "ne menace personne (ni attaque d'opportunité, "
                      "ni tenaille)"], _ROUND),
    "fighting_defensively": (["−4 aux attaques du round", "+2 d'esquive à la CA"], _ROUND),
    "disabled": (["une seule action simple ou de mouvement",
                 "une action fatigante fait perdre 1 pv"], _HP),
    "dying": (["inconscient, perd 1 pv par round",
              "10 % de chances par round de se stabiliser"], _HP),
    "dead": (["à −10 pv"], _HP),
}


def condition_table() -> dict[str, ConditionInfo]:
    return {
        cid: ConditionInfo(name=cid, label=Message.of(f"{PREFIX}.condition.{cid}"),
                           effects=effects, source=source)
        for cid, (effects, source) in _TABLE.items()
    }


# Conditions that make a creature helpless (000 "États": Inconscient, Paralysé → sans défense).
HELPLESS = {"helpless", "unconscious", "paralyzed", "dying", "stable", "dead"}
# A creature under these keeps no Dex bonus (nor dodge) in its AC.
LOSES_DEX = {"blinded", "stunned", "cowering", "flat_footed", "grappling"} | HELPLESS
# A creature under these cannot act at all on its turn.
NO_ACTION = {"stunned", "dazed", "fascinated", "cowering", "paralyzed", "unconscious",
             "helpless", "dying", "stable", "dead"}
# Threatens no square (RULES.md §1; 000 "Le round de combat", "Manœuvres"). Défense totale:
# "pas d'attaque" (000 "Le round de combat"), so no opportunity attack either (as in 3.5), and
# a creature that can make no attack does not threaten, so it gives no flanking ("Tenaille":
# the partner must threaten the target).
NO_THREAT = NO_ACTION | {"flat_footed", "grappling", "pinned", "nauseated", "panicked",
                         "total_defense"}
