"""The "États" table of 000, plus the combat states the map tracks (dying, charge…).

The effects are wired in `effects.py`; here each condition says in words what it does."""

from __future__ import annotations

from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import PREFIX, condition_effects
from battlemap.rules.core.combat import ConditionInfo
from battlemap.text import Message

_ETATS = src("États")
_ROUND = src("Le round de combat")
_HP = src("Points de vie, mort et guérison")

# id: source; what each does, in words, is the system's (words.py CONDITION_EFFECTS), as
# are the labels.
_TABLE: dict[str, Message | str] = {
    **{cid: _ETATS for cid in (
        "prone", "deafened", "blinded", "staggered", "confused", "dazzled", "frightened",
        "entangled", "exhausted", "stunned", "fascinated", "fatigued", "sickened", "dazed",
        "pinned", "unconscious", "nauseated", "panicked", "paralyzed", "flat_footed",
        "cowering", "helpless", "shaken", "stable")},
    # Not rows of "États" but states the seed's other sections give.
    "grappling": src("Manœuvres"),
    "invisible": src("Capacités spéciales"),
    "charging": _ROUND, "total_defense": _ROUND, "fighting_defensively": _ROUND,
    "disabled": _HP, "dying": _HP, "dead": _HP,
}


def condition_table() -> dict[str, ConditionInfo]:
    return {
        cid: ConditionInfo(name=cid, label=Message.of(f"{PREFIX}.condition.{cid}"),
                           effects=condition_effects(cid), source=source)
        for cid, source in _TABLE.items()
    }


# Conditions that make a creature helpless (000 "États": Inconscient, Paralysé → sans défense).
HELPLESS = {"helpless", "unconscious", "paralyzed", "dying", "stable", "dead"}
# A creature under these keeps no Dex bonus (nor dodge) in its AC.
LOSES_DEX = {"blinded", "stunned", "cowering", "flat_footed", "grappling"} | HELPLESS
# A creature under these cannot act at all on its turn.
NO_ACTION = {"stunned", "dazed", "fascinated", "cowering", "paralyzed", "unconscious",
             "helpless", "dying", "stable", "dead"}
# Threatens no square (docs/rules/README.md#shared-vocabulary; 000 "Le round de combat", "Manœuvres"). Défense totale:
# "pas d'attaque" (000 "Le round de combat"), so no opportunity attack either (as in 3.5), and
# a creature that can make no attack does not threaten, so it gives no flanking ("Tenaille":
# the partner must threaten the target).
NO_THREAT = NO_ACTION | {"flat_footed", "grappling", "pinned", "nauseated", "panicked",
                         "total_defense"}
