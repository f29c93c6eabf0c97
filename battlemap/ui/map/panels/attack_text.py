"""Words for the attack panel, taken from the engine's preview and outcome (no rule here)."""

from __future__ import annotations

from typing import Any

from battlemap.engine.log_text import met_parts, part_text, state_word, word
from battlemap.text import AS_DATA, Message
from battlemap.ui.i18n import labelled, language, measure, say, term, tr
from battlemap.ui.i18n.cover_words import cover_words
from battlemap.ui.i18n.map_words import t


def situation_lines(preview: Any, system: str = "") -> list[str]:
    sit = preview.situation
    lines = [labelled(t('Distance'), f"{measure(sit.distance_m)} m")
             + ("" if sit.in_reach else f" — {say(preview.reason)}")]
    # The system's own words (README "Language"): Brèche's "Couverture", 2024's "Abri"…
    cover_label, flank_label = (term(c, system).capitalize() for c in ("cover", "flanking"))
    cov = preview.cover
    if cov is not None:
        words = cover_words(cov.level, system)
        why = say(cov.explanation)
        if why and why.casefold().startswith(words.casefold()):
            lines.append(labelled(cover_label, why))  # the explanation already names the level
        else:
            lines.append(labelled(cover_label, words) + (f" — {why}" if why else ""))
    fl = preview.flanking
    if fl is not None and fl.flanked:
        why = say(fl.explanation) or ", ".join(fl.partners)
        if why.casefold().startswith(flank_label.casefold()):  # it names itself: said once
            lines.append(why[0].upper() + why[1:])
        else:
            lines.append(labelled(flank_label, why))
    flags = [t(name) for name, on in (("higher ground", sit.higher_ground),
                                      ("into melee", sit.into_melee),
                                      ("charging", sit.charging)) if on]
    if sit.range_increments:
        flags.append(f"{t('range increments')} +{sit.range_increments}")
    if sit.concealment:
        flags.append(f"{t('concealment')} {sit.concealment} %")
    if flags:
        lines.append(", ".join(flags))
    why = say(preview.advantage_why)  # also when advantage and disadvantage cancel
    if why:
        lines.append(why[0].upper() + why[1:])
    if preview.target_label or preview.legal:  # an attack that cannot happen has no target
        lines.append(labelled(t('Target'), say(preview.target_label) or str(preview.target_number)))
    said = "\n".join(lines)  # the cover line already carries the cover's explanation
    lines += [x for x in map(say, preview.explanation) if x not in said]
    return lines


def provokes_text(provokes: list[Any], names: dict[str, str]) -> str:
    """"Provokes opportunity attacks: Goule (ranged attack in a threatened square, 000 …)"."""
    if not provokes:
        return ""
    who = ", ".join(f"{names.get(p.by, p.by)} ({say(p.why)})" for p in provokes)
    return labelled(t('Provokes opportunity attacks'), who)


def outcome_text(outcome: Any, names: dict[str, str]) -> str:
    """The result as the log words it, in the UI's language: each roll, its total against
    the target number, the outcome, the damage and the HP."""
    res = outcome.result
    out = []
    for oa in getattr(outcome, "opportunity_attacks", []):  # they came first
        outs = ", ".join(say(word(a.outcome)) for a in oa.attacks)
        out.append(labelled(t('Opportunity attack'), labelled(
            f"{names.get(oa.attacker, oa.attacker)} → {names.get(oa.target, oa.target)}", outs)))
    out.append(f"{names.get(res.attacker, res.attacker)} → {names.get(res.target, res.target)}"
               + (f" ({res.weapon})" if res.weapon else ""))
    if getattr(outcome, "stopped_early", False):
        out.append(t("Down before attacking: the attack does not happen"))
    for a in res.attacks:
        roll = a.roll.render(language()) if a.roll is not None else "—"
        line = labelled(a.label or t('Attack'), f"{roll} ({a.total} {say(word('vs'))} "
                       f"{say(a.target_label) or a.target_number}) → {say(word(a.outcome))}")
        if a.damage is not None and a.damage.total:
            line += (f", {a.damage.total} {say(word('damage'))} "
                     f"{tr(say(word(a.damage.kind)))}")
        out.append(line.rstrip())
        if a.damage is not None and a.damage.total:  # the dice, and what the rules add
            dmg = a.damage
            out.append("  " + ", ".join(
                [labelled(say(word('damage')), dmg.roll.render(language())) if dmg.roll else ""]
                + [f"{say(m.name)} {m.value:+d} ({say(m.source)})" for m in dmg.modifiers]
                + [say(word(n)) for n in dmg.notes]).lstrip(", "))
            if len(dmg.parts) > 1:  # each typed part, as rolled
                out.append("  " + ", ".join(part_text(x.model_dump(mode="json", context=AS_DATA),
                                                      language()) for x in dmg.parts))
    # What the target took, as the log says it: rolled, taken, HP before → after.
    dealt = say(getattr(outcome, "dealt", ""))
    mine = [hp for hp in outcome.hp_changes if hp.token == res.target] if dealt else []
    if mine:
        first, last = mine[0], mine[-1]
        out.append(labelled(names.get(res.target, res.target), dealt + (
            f" ({say(state_word(last.state_after))})"
            if last.state_after != first.state_before else "")))
        for hp in mine:  # each part as the target's defences met it (resistance, DR…)
            out += ["  " + x for x in met_parts(hp.model_dump(mode="json", context=AS_DATA),
                                                 language())]
    for hp in outcome.hp_changes:
        if hp in mine:
            continue
        change = f"{say(word('hp'))} {hp.before} → {hp.after}" + (
            f" ({say(state_word(hp.state_after))})" if hp.state_after != hp.state_before else "")
        out.append(labelled(names.get(hp.token, hp.token), change))
    out += map(say, res.notes)
    return "\n".join(out)


def manoeuvre_text(res: Any, target: str, system: Any = None) -> str:
    """A manoeuvre's outcome for the panel: success, the defender's choice, the effects."""
    name = say(system.manoeuvre_label(res.name)) if system is not None else res.name
    head = labelled(f"{name} → {target}", t('success') if res.success else t('failure'))
    if res.defender_choice is not None:
        head += " — " + (t("the defender lets it happen") if res.defender_choice == "effect"
                         else t("the defender takes the damage"))
    if res.sides:  # each roll with its own modifiers, then what follows from them
        lines = [head]
        for side in res.sides:
            mods = [f"{say(m.name)} {m.value:+d}" for m in side.modifiers]
            mods += [labelled(t('dropped'), f"{say(m.name)} {m.value:+d} ({dropped_why(m)})")
                     for m in side.dropped]
            vs = f" {say(word('vs'))} {say(side.against)}" if side.against else ""
            shown = ", ".join(([side.roll.render(language())] if side.roll is not None else []) + mods)
            lines.append(labelled(say(side.label), f"{shown} ({side.total}{vs})"))
        lines += map(say, res.notes)
        if res.effects:
            lines.append(labelled(say(word('consequences')).capitalize(),
                                  "; ".join(map(say, res.effects))))
        return "\n".join(lines)
    rolls = [r.render(language()) for r in res.rolls]
    mods = [f"{say(m.name)} {m.value:+d}" for m in res.modifiers]
    mods += [labelled(t('dropped'), f"{say(m.name)} {m.value:+d} ({dropped_why(m)})")
             for m in res.dropped]
    return "\n".join([head, ", ".join(rolls + mods), *map(say, res.effects), *map(say, res.notes)])


def dropped_why(m: Any) -> str:
    """Why a modifier does not count, in the interface's language: the rule's message, or
    the words the map's dictionary has."""
    return say(m.why) if isinstance(m.why, Message) else t(m.why)


def modifier_type(kind: str, system: str) -> str:
    """A modifier's bonus type as the table shows it: cover in the system's own word
    (couverture, abri, couvert: docs/rules/README.md#words-on-screen), the others from the map's French table."""
    return term(kind, system) if kind == "cover" else t(kind)
