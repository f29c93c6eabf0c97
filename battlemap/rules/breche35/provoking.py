"""Actions other than movement that provoke an opportunity attack from a foe threatening the
actor's space (000 "Attaques d'opportunité": « Quand un adversaire menacé … lance un sort,
tire, se relève ou fait une action qui provoque », the actions table of "Le round de
combat" and "Manœuvres"). Spells, standing up, picking up and reloading are not actions
of the map yet."""

from __future__ import annotations

from battlemap.rules.breche35.effects import stats_of
from battlemap.rules.breche35.tables import has_feat, is_unarmed
from battlemap.rules.breche35.words import MANOEUVRES, PREFIX
from battlemap.rules.core.combat import Combatant
from battlemap.text import Message

# 000 "Manœuvres": each says "(provoque)" and names no feat that spares it; the coup de
# grâce says nothing, so it does not provoke here.


def action_provokes(actor: Combatant, action: str, weapon: str | None,
                    kind: str | None) -> Message | None:
    if action in MANOEUVRES:
        return Message.of(f"{PREFIX}.provokes.manoeuvre",
                          name=Message.of(f"{PREFIX}.manoeuvre_word.{action}"))
    if action != "attack":
        return None
    st = stats_of(actor)
    w = st.weapon(weapon)
    if (kind or w.kind).startswith("ranged"):  # « tire »; the table: « à distance … : oui »
        return Message.of(f"{PREFIX}.provokes.ranged")
    if is_unarmed(w.name) and not has_feat(st.feats, "improved_unarmed_strike"):
        # Actions table: « à mains nues sans don : oui ».
        return Message.of(f"{PREFIX}.provokes.unarmed")
    return None
