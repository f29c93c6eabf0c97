"""Actions other than movement that provoke an opportunity attack from a foe threatening the
actor's space (000 "Attaques d'opportunité": « Quand un adversaire menacé … lance un sort,
tire, se relève ou fait une action qui provoque », the actions table of "Le round de
combat" and "Manœuvres"). Spells, standing up, picking up and reloading are not actions
of the map yet."""

from __future__ import annotations

from battlemap.model.words import Said
from battlemap.rules.breche35.effects import stats_of
from battlemap.rules.breche35.tables import has_feat, is_unarmed
from battlemap.rules.core.combat import Combatant

# 000 "Manœuvres": each says "(provoque)" and names no feat that spares it; the coup de
# grâce says nothing, so it does not provoke here.
MANOEUVRES = {"bull_rush": ("bull rush", "bousculade"), "trip": ("trip", "croc-en-jambe"),
              "disarm": ("disarm", "désarmement"), "grapple": ("grapple", "lutte"),
              "overrun": ("overrun", "renversement")}


def action_provokes(actor: Combatant, action: str, weapon: str | None,
                    kind: str | None) -> Said | None:
    if action in MANOEUVRES:
        en, fr = MANOEUVRES[action]
        return Said(f'{en} in a threatened square, 000 "Manœuvres"',
                    f"{fr} dans une case menacée, 000 « Manœuvres »")
    if action != "attack":
        return None
    st = stats_of(actor)
    w = st.weapon(weapon)
    if (kind or w.kind).startswith("ranged"):  # « tire »; the table: « à distance … : oui »
        return Said('ranged attack in a threatened square, 000 "Attaques d\'opportunité"',
                    "attaque à distance dans une case menacée, "
                    "000 « Attaques d'opportunité »")
    if is_unarmed(w.name) and not has_feat(st.feats, "improved_unarmed_strike"):
        # Actions table: « à mains nues sans don : oui ».
        return Said('unarmed attack without the feat, 000 "Le round de combat" (actions)',
                    "attaque à mains nues sans don, 000 « Le round de combat » (actions)")
    return None
