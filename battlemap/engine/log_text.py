"""Turning an entry's details (rolls, modifiers, HP changes) into lines in a language: the
words are the catalogues' (battlemap/text), the rules' own texts are quoted as they are."""

from __future__ import annotations

from typing import Any

from battlemap.text import Message, from_data, words


def word(key: str) -> str:
    """A word of the log's details ("dropped", "slashing"…) as a message when the catalogue
    has it (keys "word.…"), else the text as it is (a rules note, a source)."""
    found = f"word.{key}"
    return Message.or_text(found, key)


def state_word(state: str) -> str:
    """A hit-point state id ("dying_bleeding") in words."""
    key = f"state.{state}"
    return Message.or_text(key, state.replace("_", " "))


def shape_word(shape: str) -> str:
    key = f"shape.{shape}"
    return Message.or_text(key, shape)


def render_roll(roll: dict[str, Any] | None, lang: str = "en") -> str:
    if not roll:
        return ""
    from battlemap.rules.core.dice import Roll

    try:
        return Roll.model_validate(roll).render(lang)
    except Exception:  # noqa: BLE001 - an odd stored roll still shows its total
        return f"{roll.get('expr', '?')} = {roll.get('total', '?')}"


def render_modifier(m: dict[str, Any], lang: str = "en") -> str:
    def word(key: str) -> str:
        return _said(key, lang)

    value = int(m.get("value", 0))
    src = f" [{words(from_data(m['source']), lang)}]" if m.get("source") else ""
    on = m.get("applies_to", "attack")
    where = f" ({word(str(on))})" if on not in ("attack", "save", None) else ""
    return f"{words(from_data(m.get('name', '?')), lang)} {value:+d}{where}{src}"


def detail_lines(details: dict[str, Any], lang: str) -> list[str]:
    """Rolls, modifiers (applied and dropped, with sources) and HP changes, one per line.
    Creatures by their names, as the entry recorded them (`details["names"]`)."""
    names = details.get("names") or {}

    def word(key: str, lang: str) -> str:
        return _said(key, lang)

    def who(token: Any) -> str:
        return str(names.get(token, token)) if isinstance(token, str) else str(token or "")

    lines: list[str] = []
    for att in details.get("attacks", []):
        head = att.get("label") or word("roll", lang)
        roll = render_roll(att.get("roll"), lang)
        outcome = word(str(att.get("outcome", "")), lang)
        target = (words(from_data(att["target_label"]), lang) if att.get("target_label")
                  else f"{att.get('target_number', '')}")
        lines.append(labelled(note_text(head, lang), f"{roll} ({att.get('total', '')} {word('vs', lang)} "
                                                f"{target}) → {outcome}", lang).replace(": ( ", ": ("))
        why = words(from_data(att.get("advantage_why")), lang) if att.get("advantage_why") else ""
        if why:
            lines.append(f"  {why}")
        lines += ["  " + render_modifier(m, lang) for m in att.get("modifiers", [])]
        lines += ["  " + labelled(word('dropped', lang), f"{render_modifier(m, lang)} — "
                                  f"{dropped_why(m, lang)}", lang) for m in att.get("dropped", [])]
        dmg = att.get("damage")
        if dmg and dmg.get("roll"):
            lines.append("  " + labelled(word('damage', lang), f"{render_roll(dmg['roll'], lang)} → "
                         f"{dmg.get('total', 0)} {word(dmg.get('kind', ''), lang)}", lang).rstrip())
            # What the damage adds to its dice (Strength, a magic weapon…), with the source.
            lines += ["    " + render_modifier(m, lang) for m in dmg.get("modifiers", [])]
        if dmg and len(dmg.get("parts") or []) > 1:  # each typed part, as rolled
            lines.append("    " + ", ".join(part_text(x, lang) for x in dmg["parts"]))
        lines += [f"  {note_text(n, lang)}"
                  for n in att.get("notes", []) + (dmg or {}).get("notes", [])]
    for save in details.get("saves", []):
        ok = word("success" if save.get("success") else "failure", lang)
        # The roll's label names the save in the system's words ("JS de Dextérité DD 15").
        label = note_text((save.get("roll") or {}).get("label") or save.get("ability", ""), lang)
        lines.append(labelled(f"{who(save.get('token', ''))} {label}",
                              f"{render_roll(save.get('roll'), lang)} ({save.get('total')} "
                              f"{word('vs', lang)} {word('dc', lang)} {save.get('dc')}) → {ok}", lang))
        lines += ["  " + render_modifier(m, lang) for m in save.get("modifiers", [])]
        lines += [f"  {note_text(n, lang)}" for n in save.get("notes", [])]  # why it failed whatever the die
    for ini in details.get("entries", []):  # initiative: each die, modifier and note
        lines.append(labelled(who(ini.get('token', '')), f"{render_roll(ini.get('roll'), lang)} → "
                              f"{ini.get('score', 0):g}", lang))
        lines += ["  " + render_modifier(m, lang) for m in ini.get("modifiers", [])]
        lines += [f"  {note_text(n, lang)}" for n in ini.get("notes", [])]
    cond = details.get("condition")
    if cond and cond.get("source"):  # the rule (or the creature) that caused it
        name = note_text(details.get("condition_label") or cond.get("name", "?"), lang)
        lines.append(f"{name} [{note_text(who(cond['source']) if isinstance(cond['source'], str) else cond['source'], lang)}]")
    if details.get("roll"):
        lines.append(labelled(word('roll', lang), render_roll(details['roll'], lang), lang))
    sides = details.get("sides") or []
    # A manoeuvre's rolls, each with its own modifiers (side by side) when the rules give
    # them; else its dice, then its modifiers below, as one list.
    for side in sides:
        lines.append(side_line(side, lang))
        lines += ["  " + render_modifier(m, lang) for m in side.get("modifiers", [])]
        lines += ["  " + labelled(word('dropped', lang), f"{render_modifier(m, lang)} — "
                                  f"{dropped_why(m, lang)}", lang) for m in side.get("dropped", [])]
    for roll in [] if sides else details.get("rolls", []):
        lines.append(labelled(note_text(roll.get('label') or 'roll', lang), render_roll(roll, lang), lang))
    for hp in details.get("hp", []):
        lines.append(labelled(who(hp.get('token')), f"{word('hp', lang)} {hp.get('before')} → "
                              f"{hp.get('after')} ({words(state_word(str(hp.get('state_after', ''))), lang)})",
                              lang))
        lines += [f"  {n}" for n in hp_notes(hp, lang)]
    for tgt in details.get("targets", []):  # an area's: what it does to each one, and why
        lines += [labelled(who(tgt.get('token')), note_text(n, lang), lang) for n in tgt.get("notes", [])]
    for mod in [] if sides else details.get("modifiers", []):
        lines.append(render_modifier(mod, lang))
    lines += [labelled(word('dropped', lang), f"{render_modifier(m, lang)} — {dropped_why(m, lang)}", lang)
              for m in ([] if sides else details.get("dropped", []))]  # e.g. the GM's
    # a manoeuvre's totals and why; then what it did, and the choice made: consequences,
    # not modifiers of the rolls above
    lines += [words(from_data(n), lang) for n in details.get("outcome_notes", [])]
    effects = [words(from_data(n), lang) for n in details.get("effects", [])]
    if effects and sides:
        lines.append(labelled(word('consequences', lang), words(Message.of(
            "text.semicolons", parts=effects), lang), lang))
    else:
        lines += effects
    for sp in details.get("spared", []):
        why = words(from_data(sp.get("why", "")), lang)
        lines.append(labelled(sp.get('name') or who(sp.get('token', '')), why, lang))
    if details.get("override"):
        why = "; ".join(word(x, lang) for x in str(details["override"]).split("; "))
        lines.append(labelled(word('override', lang), why, lang))
    return lines


def note_text(note: Any, lang: str) -> str:
    """A text the entry kept (a rules note, a roll's label), in `lang`: a message kept as
    data (`AS_DATA`, key and parameters), a word of the log's own (`word.…`), or the text as
    it is (a name)."""
    if isinstance(note, dict):
        return words(from_data(note), lang)
    if isinstance(note, Message):
        return words(note, lang)
    return _said(str(note), lang) if note else ""


def part_text(part: dict[str, Any], lang: str, met: bool = False) -> str:
    """One typed part of a blow (« 2d6 nécrotique = 7 »); `met`: with what the target's
    defences made of it (« … → résistance (nécrotique) : 7 → 3 »)."""
    kind = word(str(part.get("type") or "")) if part.get("type") else ""
    n = part.get("rolled", 0)
    said = (Message.of("damage.part", expr=part["expr"], type=kind, n=n) if part.get("expr")
            else Message.of("damage.part_bare", type=kind, n=n))
    notes = [from_data(x) for x in part.get("notes") or []]
    if met and notes:
        said = Message.of("damage.part_met", part=said, notes=notes)
    return words(said, lang).replace("  ", " ")


def met_parts(hp: dict[str, Any], lang: str) -> list[str]:
    """Each typed part of an HP change with what the target's defence did to it, when the
    blow came in several parts or a defence met one (else nothing: one plain part)."""
    parts = hp.get("parts") or []
    if len(parts) > 1 or any(x.get("notes") for x in parts):
        return [part_text(x, lang, met=True) for x in parts]
    return []


def hp_notes(hp: dict[str, Any], lang: str) -> list[str]:
    """An HP change's notes: its parts as met (`met_parts`), then the notes of no part
    (temporary hit points, the state reached)."""
    lines = met_parts(hp, lang)
    said = [n for x in hp.get("parts") or [] for n in x.get("notes") or []] if lines else []
    return lines + [note_text(n, lang) for n in hp.get("notes", []) if n not in said]


def side_line(side: dict[str, Any], lang: str) -> str:
    """One roll of a manoeuvre: who rolls what, the dice, the total, what it must reach."""
    label = words(from_data(side.get("label", "")), lang)
    roll = render_roll(side.get("roll"), lang)
    against = words(from_data(side.get("against", "")), lang)
    total = side.get("total", 0)
    if not roll:  # a number, no die (the 2024 DC)
        return labelled(label, str(total), lang)
    vs = f" {_said('vs', lang)} {against}" if against else ""
    return labelled(label, f"{roll} ({total}{vs})", lang)


def dropped_why(m: dict[str, Any], lang: str) -> str:
    """Why a kept modifier did not count: a message (the feat that cancels it, with its
    source) or the rule's words."""
    why = m.get("why", "")
    if isinstance(why, dict):
        return words(from_data(why), lang)
    return _said(str(why), lang)


def _said(key: str, lang: str) -> str:
    return words(word(key), lang)


def labelled(label: str, text: str, lang: str) -> str:
    """"Label: text", with the space French puts before a colon (« Arc court : 1d20 → … »)."""
    return words(Message.of("text.labelled", label=label, text=text), lang)
