"""The "États" table of 000, plus the combat states the map tracks (dying, charge…).

The effects are wired in `effects.py`; here each condition says in words what it does."""

from __future__ import annotations

from battlemap.rules.breche35.tables import src
from battlemap.rules.core.combat import ConditionInfo

_ETATS = src("États")
_ROUND = src("Le round de combat")
_HP = src("Points de vie, mort et guérison")

# id: (French label, English label, effects in the seed's words, source)
_TABLE: dict[str, tuple[str, str, list[str], str]] = {
    "prone": ("À terre", "Prone", ["−4 aux attaques au corps à corps",
              "attaques au corps à corps contre lui +4, à distance −4",
              "se relever : action de mouvement"], _ETATS),
    "deafened": ("Assourdi", "Deafened", ["−4 à l'initiative",
                 "20 % d'échec des sorts à composante verbale"], _ETATS),
    "blinded": ("Aveuglé", "Blinded", ["−2 à la CA, perd son bonus de Dextérité",
                "demi-vitesse", "−4 aux tests de Force et de Dextérité",
                "camouflage total (50 %) pour tous ses adversaires"], _ETATS),
    "staggered": ("Chancelant", "Staggered", ["une seule action simple ou de mouvement"], _ETATS),
    "confused": ("Confus", "Confused", ["agit au hasard (1d100 chaque round)"], _ETATS),
    "dazzled": ("Ébloui", "Dazzled", ["−1 aux attaques, Détection et Fouille"], _ETATS),
    "frightened": ("Effrayé", "Frightened", ["−2 aux attaques, sauvegardes et tests",
                   "fuit la source de sa peur"], _ETATS),
    "entangled": ("Enchevêtré", "Entangled", ["−2 aux attaques, −4 en Dextérité",
                  "demi-vitesse"], _ETATS),
    "exhausted": ("Épuisé", "Exhausted", ["−6 en Force et en Dextérité", "demi-vitesse"], _ETATS),
    "stunned": ("Étourdi", "Stunned", ["lâche ce qu'il tient, n'agit pas",
                "−2 à la CA, perd son bonus de Dextérité"], _ETATS),
    "fascinated": ("Fasciné", "Fascinated", ["immobile, n'agit pas",
                   "−4 aux tests de réaction"], _ETATS),
    "fatigued": ("Fatigué", "Fatigued", ["−2 en Force et en Dextérité",
                 "ne peut ni courir ni charger"], _ETATS),
    "sickened": ("Fiévreux", "Sickened", ["−2 aux attaques, dégâts, sauvegardes et tests"],
                 _ETATS),
    "dazed": ("Hébété", "Dazed", ["n'agit pas, garde sa CA"], _ETATS),
    "pinned": ("Immobilisé (en lutte)", "Pinned", ["ne peut ni bouger ni agir sauf se dégager",
               "−4 à la CA contre les autres"], _ETATS),
    "unconscious": ("Inconscient", "Unconscious", ["sans défense"], _ETATS),
    "nauseated": ("Nauséeux", "Nauseated", ["une seule action de mouvement",
                  "ni attaque, ni sort, ni concentration"], _ETATS),
    "panicked": ("Paniqué", "Panicked", ["lâche ce qu'il tient et fuit",
                 "−2 aux sauvegardes et tests"], _ETATS),
    "paralyzed": ("Paralysé", "Paralyzed", ["immobile et sans défense"], _ETATS),
    "flat_footed": ("Pris au dépourvu", "Flat-footed", ["pas de bonus de Dextérité ni d'esquive "
                    "à la CA", "pas d'attaque d'opportunité"], _ETATS),
    "cowering": ("Recroquevillé", "Cowering", ["n'agit pas",
                 "−2 à la CA, perd son bonus de Dextérité"], _ETATS),
    "helpless": ("Sans défense", "Helpless", ["Dextérité comptée comme 0 (−5 à la CA)",
                 "attaques au corps à corps contre lui +4", "coup de grâce possible"], _ETATS),
    "shaken": ("Secoué", "Shaken", ["−2 aux attaques, sauvegardes et tests"], _ETATS),
    "stable": ("Stable", "Stable", ["mourant qui ne perd plus de points de vie"], _ETATS),
    # Not rows of "États" but states the seed's other sections give.
    "grappling": ("En lutte", "Grappling", ["ne menace personne",
                  "perd son bonus de Dextérité contre les autres"], src("Manœuvres")),
    "invisible": ("Invisible", "Invisible", ["+2 aux attaques contre une cible qui ne le voit pas, "
                  "qui perd son bonus de Dextérité", "camouflage total (50 %)"],
                  src("Capacités spéciales")),
    "charging": ("Charge", "Charging", ["−2 à la CA jusqu'au prochain tour"], _ROUND),
    "total_defense": ("Défense totale", "Total defence", ["+4 d'esquive à la CA",
                      "pas d'attaque", "ne menace personne (ni attaque d'opportunité, "
                      "ni tenaille)"], _ROUND),
    "fighting_defensively": ("Combat sur la défensive", "Fighting defensively",
                             ["−4 aux attaques du round", "+2 d'esquive à la CA"], _ROUND),
    "disabled": ("Hors de combat", "Disabled", ["une seule action simple ou de mouvement",
                 "une action fatigante fait perdre 1 pv"], _HP),
    "dying": ("Mourant", "Dying", ["inconscient, perd 1 pv par round",
              "10 % de chances par round de se stabiliser"], _HP),
    "dead": ("Mort", "Dead", ["à −10 pv"], _HP),
}


def condition_table() -> dict[str, ConditionInfo]:
    return {
        cid: ConditionInfo(name=cid, label_fr=fr, label_en=en, effects=effects, source=source)
        for cid, (fr, en, effects, source) in _TABLE.items()
    }


def label_fr(cid: str) -> str:
    return _TABLE[cid][0] if cid in _TABLE else cid


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
