"""Turning an entry's details (rolls, modifiers, HP changes) into lines of French or English."""

from __future__ import annotations

from typing import Any

_WORDS = {
    "fr": {"roll": "jet", "vs": "contre", "dropped": "écarté", "hp": "PV", "damage": "dégâts",
           "success": "réussi", "failure": "raté", "override": "décision du MJ",
           "hit": "touché", "miss": "raté", "critical": "critique", "fumble": "maladresse",
           "no_target": "pas de cible", "auto_hit": "touché d'office", "dc": "DD",
           "switched off by the GM": "désactivé par le MJ",
           "lethal": "létaux", "nonlethal": "non létaux", "ac": "CA", "check": "test",
           "attack": "attaque", "save": "sauvegarde", "out of reach": "hors d'allonge",
           "save succeeded: half damage": "sauvegarde réussie : moitié des dégâts",
           "save succeeded: no damage": "sauvegarde réussie : aucun dégât",
           # damage types, as the French rules name them (fr.json has them for the docks)
           "slashing": "tranchant", "piercing": "perforant", "bludgeoning": "contondant",
           "fire": "feu", "cold": "froid", "acid": "acide", "lightning": "foudre",
           "thunder": "tonnerre", "poison": "poison", "necrotic": "nécrotique",
           "radiant": "radiant", "psychic": "psychique", "force": "force"},
    "en": {"roll": "roll", "vs": "vs", "dropped": "dropped", "hp": "HP", "damage": "damage",
           "success": "success", "failure": "failure", "override": "GM override",
           "hit": "hit", "miss": "miss", "critical": "critical hit", "fumble": "fumble",
           "no_target": "no target", "auto_hit": "automatic hit", "dc": "DC", "ac": "AC"},
}


# The systems' hit-point states (`RuleSystem.hp_state`), as the reader says them.
_STATES = {
    "fr": {"ok": "debout", "bloodied": "en péril", "staggered": "chancelant",
           "disabled": "hors de combat", "dying": "mourant", "unconscious": "inconscient",
           "stable": "stable", "dead": "mort", "out": "hors de combat", "broken": "brisé",
           "dying_conscious": "mourant, conscient", "dying_unconscious": "mourant, inconscient",
           "dying_bleeding": "mourant, se vide de son sang"},
    "en": {"ok": "standing", "out": "out of the fight", "dying_conscious": "dying, conscious",
           "dying_unconscious": "dying, unconscious", "dying_bleeding": "dying, bleeding out"},
}
# Area shapes (003 "Cône", "Cube", "Cylindre", "Émanation", "Ligne", "Sphère").
_SHAPES_FR = {"cone": "cône", "sphere": "sphère", "cylinder": "cylindre", "line": "ligne",
              "cube": "cube", "emanation": "émanation"}


def word(key: str, lang: str) -> str:
    return _WORDS["fr" if lang == "fr" else "en"].get(key, key)


def state_word(state: str, lang: str) -> str:
    """A hit-point state id ("dying_bleeding") in words."""
    return _STATES["fr" if lang == "fr" else "en"].get(state, state.replace("_", " "))


def shape_word(shape: str, lang: str) -> str:
    return _SHAPES_FR.get(shape, shape) if lang == "fr" else shape


def render_roll(roll: dict[str, Any] | None) -> str:
    if not roll:
        return ""
    from battlemap.rules.core.dice import Roll

    try:
        return Roll.model_validate(roll).render()
    except Exception:  # noqa: BLE001 - an odd stored roll still shows its total
        return f"{roll.get('expr', '?')} = {roll.get('total', '?')}"


def render_modifier(m: dict[str, Any], lang: str = "en") -> str:
    value = int(m.get("value", 0))
    src = f" [{m['source']}]" if m.get("source") else ""
    on = m.get("applies_to", "attack")
    where = f" ({word(str(on), lang)})" if on not in ("attack", "save", None) else ""
    return f"{m.get('name', '?')} {value:+d}{where}{src}"


def detail_lines(details: dict[str, Any], lang: str) -> list[str]:
    """Rolls, modifiers (applied and dropped, with sources) and HP changes, one per line.
    Creatures by their names, as the entry recorded them (`details["names"]`)."""
    names = details.get("names") or {}

    def who(token: Any) -> str:
        return str(names.get(token, token)) if isinstance(token, str) else str(token or "")

    lines: list[str] = []
    for att in details.get("attacks", []):
        head = att.get("label") or word("roll", lang)
        roll = render_roll(att.get("roll"))
        outcome = word(str(att.get("outcome", "")), lang)
        target = att.get("target_label") or f"{att.get('target_number', '')}"
        lines.append(f"{head}: {roll} ({att.get('total', '')} {word('vs', lang)} {target}) "
                     f"→ {outcome}".replace(": ( ", ": ("))
        why = (att.get("advantage_why_fr") if lang == "fr" else None) or att.get("advantage_why")
        if why:
            lines.append(f"  {why}")
        lines += ["  " + render_modifier(m, lang) for m in att.get("modifiers", [])]
        lines += [f"  {word('dropped', lang)}: {render_modifier(m, lang)} — {word(m.get('why', ''), lang)}"
                  for m in att.get("dropped", [])]
        dmg = att.get("damage")
        if dmg and dmg.get("roll"):
            lines.append(f"  {word('damage', lang)}: {render_roll(dmg['roll'])} → "
                         f"{dmg.get('total', 0)} {word(dmg.get('kind', ''), lang)}".rstrip())
            # What the damage adds to its dice (Strength, a magic weapon…), with the source.
            lines += ["    " + render_modifier(m, lang) for m in dmg.get("modifiers", [])]
        lines += [f"  {word(n, lang)}" for n in att.get("notes", []) + (dmg or {}).get("notes", [])]
    for save in details.get("saves", []):
        ok = word("success" if save.get("success") else "failure", lang)
        # The roll's label names the save in the system's French ("JS de Dextérité DD 15").
        label = (save.get("roll") or {}).get("label") if lang == "fr" else None
        lines.append(f"{who(save.get('token', ''))} {label or save.get('ability', '')}: "
                     f"{render_roll(save.get('roll'))} ({save.get('total')} {word('vs', lang)} "
                     f"{word('dc', lang)} {save.get('dc')}) → {ok}")
        lines += ["  " + render_modifier(m, lang) for m in save.get("modifiers", [])]
        lines += [f"  {n}" for n in save.get("notes", [])]  # why it failed whatever the die
    for ini in details.get("entries", []):  # initiative: each die, modifier and note
        lines.append(f"{who(ini.get('token', ''))}: {render_roll(ini.get('roll'))} → "
                     f"{ini.get('score', 0):g}")
        lines += ["  " + render_modifier(m, lang) for m in ini.get("modifiers", [])]
        lines += [f"  {n}" for n in ini.get("notes", [])]
    cond = details.get("condition")
    if cond and cond.get("source"):  # the rule (or the creature) that caused it
        lines.append(f"{cond.get('name', '?')} [{cond['source']}]")
    if details.get("roll"):
        lines.append(f"{word('roll', lang)}: {render_roll(details['roll'])}")
    for roll in details.get("rolls", []):  # a manoeuvre's dice, each with its label
        lines.append(f"{roll.get('label') or word('roll', lang)}: {render_roll(roll)}")
    for hp in details.get("hp", []):
        lines.append(f"{who(hp.get('token'))}: {word('hp', lang)} {hp.get('before')} → "
                     f"{hp.get('after')} ({state_word(str(hp.get('state_after', '')), lang)})")
        lines += [f"  {n}" for n in hp.get("notes", [])]
    for tgt in details.get("targets", []):  # an area's: what it does to each one, and why
        lines += [f"{who(tgt.get('token'))}: {word(n, lang)}" for n in tgt.get("notes", [])]
    for mod in details.get("modifiers", []):
        lines.append(render_modifier(mod, lang))
    lines += [f"{word('dropped', lang)}: {render_modifier(m, lang)} — {word(m.get('why', ''), lang)}"
              for m in details.get("dropped", [])]  # a manoeuvre's, e.g. switched off by the GM
    lines += list(details.get("outcome_notes", []))  # a manoeuvre's totals and why
    lines += list(details.get("effects", []))  # what a manoeuvre did, and the choice made
    for sp in details.get("spared", []):
        why = sp.get("why_fr") if lang == "fr" and sp.get("why_fr") else sp.get("why", "")
        lines.append(f"{sp.get('name') or who(sp.get('token', ''))}: {why}")
    if details.get("override"):
        why = "; ".join(word(x, lang) for x in str(details["override"]).split("; "))
        lines.append(f"{word('override', lang)}: {why}")
    return lines
