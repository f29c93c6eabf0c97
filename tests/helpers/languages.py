"""Telling a language's words from the other's (issue 27, item 11): the detectors, and a
fight to read. Each bundled demo plays a fight: attacks both ways with and without conditions, every
manoeuvre, saves, a move that provokes, an area, a creature brought down and the turns that
follow. Every text the rules and the engine return (notes, effects, roll labels, why a
modifier is dropped, the sources of Advantage, refusals) and every line of the log is read
in English and in French; data is left out first: the creatures' and weapons' names, the seed
citations (the seeds' own section titles) and the PHB's English rule names that the 2024
citations quote."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from battlemap.engine import Session
from battlemap.engine.log_text import detail_lines
from battlemap.io import load_encounter
from battlemap.text import LANGUAGES, Message, words
from battlemap.text.catalogue import known

DEMOS = sorted((Path(__file__).resolve().parents[2] / "assets" / "demo").glob("*.json"))
SAVE = {"breche35": "reflex", "dnd2024": "dex", "adnd2bis": "breath", "pmt": "breath"}
CONDITIONS = ("prone", "blinded", "invisible", "grappled", "restrained", "frightened",
              "poisoned", "stunned", "exhausted", "fatigued", "entangled", "dazzled")

# French: its accented letters, its quotation marks and its commonest small words.
FRENCH = re.compile(r"[àâäéèêëîïôöùûüçœ«»]|\b(?:le|la|les|des|du|une|et|ou|pas|sur|avec|sans|"
                    r"cible|attaque|contre|jet|dégâts|dommages|seulement|naturel|réussi|raté|"
                    r"touché|aucun|ne|au|aux)\b", re.IGNORECASE)
# English left in French: the words issue 27 saw, and the commonest small ones.
ENGLISH = re.compile(r"\b(?:bloodied|ok|hit|miss|damage|the|and|with|vs|success|failure|"
                     r"dropped|target|attack|save|roll|standing|cancel)\b", re.IGNORECASE)
# adnd2bis's text writes "check de CON", "check de Healing": its own word, checked elsewhere.
ENGLISH_CHECK = re.compile(r"\bcheck\b", re.IGNORECASE)

def play(demo: Path, seed: int) -> tuple[Session, list[Any]]:
    enc = load_encounter(demo)
    party = [t for t in enc.tokens if t.side == "party"]
    foes = [t for t in enc.tokens if t.side != "party"]
    a, f = party[0], foes[0]
    # The foe stands beside the hero, so every melee rule (reach, flanking, grapple) applies.
    enc = enc.model_copy(update={"tokens": [
        t.model_copy(update={"col": a.col + 1, "row": a.row}) if t.id == f.id else t
        for t in enc.tokens]})
    s = Session(enc, seed=seed)
    system = s.system
    out: list[Any] = []

    def run(call: Any, *args: Any, **kw: Any) -> None:
        try:
            out.append(call(*args, **kw))
        except (ValueError, KeyError) as err:  # a refusal speaks too
            out.append(getattr(err, "reason", None) or (err.args[0] if err.args else ""))

    def fight() -> None:
        run(s.attack, a.id, f.id, gm_override=True)
        run(s.attack, f.id, a.id, gm_override=True)
        for name in system.manoeuvres():
            run(s.manoeuvre, name, a.id, f.id, gm_override=True)

    fight()
    run(s.save_throw, a.id, SAVE[enc.system], 14)
    for cond in (c for c in CONDITIONS if c in system.conditions()):
        for who in (a.id, f.id):
            run(s.add_condition, who, cond)
            fight()
            run(s.save_throw, who, SAVE[enc.system], 12)
            run(s.remove_condition, who, cond)
    run(s.move, a.id, [(a.col - 1, a.row)], oa="resolve", gm_override=True)
    from battlemap.model import AreaTemplate

    run(s.place_area, AreaTemplate(id="zone", shape="sphere", origin=(a.col + 0.5, a.row + 0.5),
                                   size_m=6))
    run(s.apply_area, "zone", save_ability=SAVE[enc.system], dc=15, damage="4d6",
        damage_kind="fire")
    run(s.start_combat)
    run(s.damage, f.id, 10_000)
    run(s.damage, a.id, max(1, (s.token(a.id).hp or 1)))
    for _ in range(2 * len(enc.tokens)):
        run(s.next_turn)
    return s, out


def texts(value: Any) -> Iterator[str]:
    """Every text in a result: messages and plain strings, in models, lists and dicts."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from texts(getattr(value, name))
    elif isinstance(value, list | tuple):
        for v in value:
            yield from texts(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from texts(v)


def citations(value: Any, out: set[str]) -> None:
    """The seed citations inside messages, in both languages (data: the seeds' titles)."""
    if isinstance(value, Message):
        if value.key.startswith("source."):
            out.update(words(value, lang) for lang in LANGUAGES)
        for v in value.params.values():
            citations(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            citations(v, out)


def data_names(s: Session) -> list[str]:
    """Names to leave out, longest first: creatures, their weapons, the encounter's own."""
    names = {t.name for t in s.encounter.tokens} | {t.id for t in s.encounter.tokens}
    for t in s.encounter.tokens:
        stats = t.stats if isinstance(t.stats, dict) else {}
        names |= {str(w.get("name", "")) for w in stats.get("weapons", []) if isinstance(w, dict)}
        with contextlib.suppress(AttributeError, KeyError, ValueError):
            names |= {w.name for w in getattr(s.combatant(t.id).stats, "weapons", [])}
    names |= set(s.system.manoeuvres())  # ids: pmt's are the seed's own French words
    names.add(s.system.name)  # « Portes, Monstres & Trésors », its title
    return sorted((n for n in names if n), key=len, reverse=True)


def clean(text: str, cites: set[str], names: list[str]) -> str:
    for c in sorted(cites, key=len, reverse=True):
        text = text.replace(c, " ")
    text = re.sub(r"D&D 2024 PHB, [^()\[\]]*(?:\([^()]*\))?", " ", text)  # the PHB's rule names
    text = re.sub(r'\d{3}(?:_[0-9a-f]+\.txt,)? "[^"]*"(?:: "[^"]*")?', " ", text)
    text = re.sub(r"\d{3} « [^»]* »", " ", text)  # a seed's section quoted in French
    for n in names:
        text = text.replace(n, " ")
    return text


def stray(lang: str, text: str, cites: set[str], names: list[str], system: str) -> bool:
    """Whether `text`, said in `lang`, has the other language's words once data is left out."""
    rest = clean(text, cites, names)
    bad = FRENCH if lang == "en" else ENGLISH
    return bool(bad.search(rest) or (lang == "fr" and system != "adnd2bis"
                                     and ENGLISH_CHECK.search(rest)))


def data_of(s: Session, results: list[Any]) -> tuple[set[str], list[str]]:
    """The citations (in both languages) and the names a fight's texts hold."""
    cites: set[str] = set()
    for r in results:
        for t in texts(r):
            citations(t, cites)
    for e in s.log.entries:
        citations(e.summary, cites)
    return cites, data_names(s)


def leaks(s: Session, results: list[Any], system: str) -> dict[str, set[str]]:
    cites, names = data_of(s, results)
    found: dict[str, set[str]] = {"en": set(), "fr": set()}
    shown: list[tuple[str, str]] = []
    for r in results:
        for t in texts(r):
            if isinstance(t, Message):
                shown += [(lang, words(t, lang)) for lang in LANGUAGES]
            elif not known(f"word.{t}"):  # an id the log says in words (« coup raté »)
                shown.append(("en", t))  # else English (an id, a name) or a leak of French
    for e in s.log.entries:
        for lang in LANGUAGES:
            shown += [(lang, e.said(lang)), *((lang, d) for d in detail_lines(e.details, lang))]
    for lang, text in shown:
        if stray(lang, text, cites, names, system):
            found[lang].add(text)
    return found
