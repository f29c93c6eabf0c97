"""Monsters written in the two common 5e JSON layouts, read as this system's stat blocks.

- The 5e-database layout (the dnd5eapi files): `armor_class` a list of `{type, value}`,
  `speed` `{"walk": "30 ft."}`, `actions[].damage` `[{damage_dice, damage_type{name}}]`,
  `damage_resistances` a list, `condition_immunities` `[{name}]`, `senses`
  `{darkvision: "60 ft."}`, `proficiencies` `[{value, proficiency{index}}]`.
- The Open5e layout: `armor_class` a number, `speed` `{walk: 30}`, `actions[]` with
  `attack_bonus`, `damage_dice` and `damage_bonus`, damage types in the action's text,
  `damage_resistances` a string ("fire, cold"), `senses` a string, `*_save` and `skills`.

Feet become metres at 1.5 m per 5 ft (003 "Allonge": the 5-foot reach is « 1.50 m »; one
square of the grid). A creature's to-hit and damage are kept whole: an action's ability is the one that
leaves the smallest weapon bonus, and that bonus carries the rest. What the 2024 stat block
has no field for (spells, traits, legendary actions) is left out."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from battlemap.rules.core.damage_parts import MAX_PARTS
from battlemap.rules.dnd2024.stats import ABILITIES, Ability
from battlemap.text import Message

FEET_PER_SQUARE = 5  # one 1.5 m square is a 5-foot square
METRES_PER_SQUARE = 1.5
_ABILITY_FIELDS: dict[str, Ability] = {
    "strength": "str", "dexterity": "dex", "constitution": "con",
    "intelligence": "int", "wisdom": "wis", "charisma": "cha",
}
_SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8}
_FEET = re.compile(r"(\d+(?:\.\d+)?)\s*(?:ft|feet|foot|')", re.IGNORECASE)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_DICE_TERM = re.compile(r"([+-])?\s*(\d*d\d+|\d+)", re.IGNORECASE)
_TO_HIT = re.compile(r"(?:([+-]\d+)\s+to hit|attack roll:\s*([+-]\d+))", re.IGNORECASE)
_REACH = re.compile(r"reach\s+(\d+)\s*ft", re.IGNORECASE)
_RANGE = re.compile(r"range\s+(\d+)(?:\s*/\s*(\d+))?\s*ft", re.IGNORECASE)
_PLUS_PART = re.compile(r"plus\s+\d+\s*\(([^)]*)\)\s*([a-z]+)\s+damage", re.IGNORECASE)
_HIT_TYPE = re.compile(r"\d+\s*\([^)]*\)\s*([a-z]+)\s+damage", re.IGNORECASE)
_MULTI = re.compile(r"makes\s+(\w+)\s+(?:\w+\s+)?attacks", re.IGNORECASE)
# The 5e SRD's "Proficiency Bonus by Challenge Rating" (003 is silent on monsters' numbers):
# read only when the layout gives no `proficiency_bonus` (Open5e).
_PB_BY_CR = ((4, 2), (8, 3), (12, 4), (16, 5), (20, 6), (24, 7), (28, 8), (30, 9))


class NotAMonster(ValueError):
    """The object is in one of the layouts but a field of it cannot be read (one sentence)."""


def is_5e_monster(data: Any) -> bool:
    """Whether `data` looks like a monster of either layout: both carry `hit_points` and the
    six ability scores at the top, which our entries never do (they hold `stats`)."""
    return (isinstance(data, Mapping) and "stats" not in data and "hit_points" in data
            and any(field in data for field in _ABILITY_FIELDS))


def entry_from_5e(data: Mapping[str, Any], damage_types: Sequence[str]) -> dict[str, Any]:
    """Our stat-block entry (`name`, `size`, `side`, `speed_m`, `stats`) for a 5e monster,
    reading the damage types the system names (`damage_types`, its `damage_kinds`);
    `NotAMonster` naming the field that cannot be read. The result is validated by the
    caller, as every entry is."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise NotAMonster(_says("no_name"))
    abilities = {short: _whole(data, long) for long, short in _ABILITY_FIELDS.items()
                 if data.get(long) is not None}
    stats: dict[str, Any] = {"max_hp": _whole(data, "hit_points"), "abilities": abilities}
    ac = _armor_class(data.get("armor_class"))
    if ac is not None:
        stats["ac"] = ac
    challenge, cr = _challenge(data)
    if challenge:
        stats["challenge"] = challenge
    pb = data.get("proficiency_bonus")
    if pb is not None:
        stats["proficiency_bonus"] = _whole(data, "proficiency_bonus")
    elif cr is not None:
        stats["proficiency_bonus"] = next((b for top, b in _PB_BY_CR if cr <= top), 9)
    speed = _speed_m(data.get("speed"))
    stats["speed_m"] = speed
    saves, skills = _proficiencies(data)
    if saves:
        stats["save_proficiencies"] = saves
    if skills:
        stats["skill_proficiencies"] = skills
    for ours, theirs in (("resistances", "damage_resistances"),
                         ("vulnerabilities", "damage_vulnerabilities"),
                         ("immunities", "damage_immunities")):
        found = _damage_types(data.get(theirs), damage_types)
        if found:
            stats[ours] = found
    conditions = _names(data.get("condition_immunities"))
    if conditions:
        stats["condition_immunities"] = conditions
    dark = _darkvision_m(data.get("senses"))
    if dark:
        stats["darkvision_m"] = dark
    actions = data.get("actions")
    if actions is not None and not isinstance(actions, list):
        raise NotAMonster(_says("not_list", field="actions"))
    actions = [a for a in actions or [] if isinstance(a, Mapping)]
    by_score = _scores(abilities)
    weapons = [w for w in (_weapon(a, by_score, stats.get("proficiency_bonus", 2), damage_types)
                           for a in actions) if w is not None]
    if weapons:
        stats["weapons"] = weapons[:20]
    attacks = _attacks_per_action(actions)
    if attacks > 1:
        stats["attacks_per_action"] = attacks
    return {"name": name.strip()[:80], "size": _size(data.get("size")), "side": "foe",
            "speed_m": speed, "stats": stats}


def _says(what: str, **params: Any) -> Message:
    return Message.of(f"dnd2024.monster.{what}", **params)


def _whole(data: Mapping[str, Any], field: str) -> int:
    value = data.get(field)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value != int(value):
        raise NotAMonster(_says("not_whole", field=field))
    return int(value)


def _armor_class(value: Any) -> int | None:
    """5e-database: the first `{type, value}`; Open5e (and older files): the number."""
    if isinstance(value, list):
        value = next((v.get("value") for v in value if isinstance(v, Mapping)), None)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise NotAMonster(_says("not_whole", field="armor_class"))
    return int(value)


def _challenge(data: Mapping[str, Any]) -> tuple[str, float | None]:
    """("1/4", 0.25) from 0.25 (5e-database), "1/4" or `cr` (Open5e)."""
    raw = data.get("challenge_rating", data.get("cr"))
    if isinstance(raw, str):
        text = raw.strip()
        top, _, bottom = text.partition("/")
        try:
            value = float(top) / float(bottom) if bottom else float(top)
        except (ValueError, ZeroDivisionError):
            return text[:8], None
        return text[:8], value if math.isfinite(value) else None
    if isinstance(raw, (int, float)) and not isinstance(raw, bool) and math.isfinite(raw):
        fractions = {0.125: "1/8", 0.25: "1/4", 0.5: "1/2"}
        return fractions.get(float(raw), f"{raw:g}"[:8]), float(raw)
    return "", None


def feet_to_m(feet: float) -> float:
    """1.5 m per 5 ft, to the centimetre (35 ft is 10.5 m)."""
    return round(feet / FEET_PER_SQUARE * METRES_PER_SQUARE, 2)


def _feet(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) and value >= 0 else None
    if isinstance(value, str):
        found = _FEET.search(value) or _NUMBER.search(value)
        return float(found.group(1) if found.re is _FEET else found.group(0)) if found else None
    return None


def _speed_m(speed: Any) -> float:
    """The walking speed (the map moves creatures on foot); without one, the fastest other."""
    if isinstance(speed, Mapping):
        walk = _feet(speed.get("walk"))
        if walk is None:
            others = [f for f in (_feet(v) for v in speed.values()) if f is not None]
            walk = max(others, default=None)
    else:
        walk = _feet(speed)
    return feet_to_m(walk) if walk is not None else 9.0


def _size(value: Any) -> str:
    text = value.strip().lower() if isinstance(value, str) else ""
    return text if text in _SIZES else "medium"


def _names(value: Any) -> list[str]:
    """A list of words from `[{name}]`, `["fire"]` or "fire, cold", lower case."""
    if isinstance(value, str):
        parts = re.split(r",|;|\band\b", value)
    elif isinstance(value, list):
        parts = [v.get("index", v.get("name")) if isinstance(v, Mapping) else v for v in value]
    else:
        return []
    out: list[str] = []
    for part in parts:
        if isinstance(part, str) and part.strip():
            word = part.strip().lower()[:40]
            if word not in out:
                out.append(word)
    return out[:20]


def _damage_types(value: Any, known: Sequence[str]) -> list[str]:
    """The 2024 damage types named ("bludgeoning, piercing, and slashing from nonmagical
    attacks" names three): the rules resist a type, not its conditions."""
    found: list[str] = []
    for words in _names(value):
        for kind in known:
            if re.search(rf"\b{kind}\b", words) and kind not in found:
                found.append(kind)
    return found


def _darkvision_m(senses: Any) -> float:
    if isinstance(senses, Mapping):
        feet = _feet(senses.get("darkvision"))
    elif isinstance(senses, str):
        found = re.search(r"darkvision\s+(\d+)", senses, re.IGNORECASE)
        feet = float(found.group(1)) if found else None
    else:
        feet = None
    return feet_to_m(feet) if feet else 0.0


def _proficiencies(data: Mapping[str, Any]) -> tuple[list[Ability], list[str]]:
    """Saving throws and skills: 5e-database's `proficiencies` indexes ("saving-throw-dex",
    "skill-perception"), Open5e's `dexterity_save` and `skills` {perception: 3}."""
    saves: list[Ability] = []
    skills: list[str] = []
    listed = data.get("proficiencies")
    for item in listed if isinstance(listed, list) else []:
        prof = item.get("proficiency") if isinstance(item, Mapping) else None
        index = prof.get("index") if isinstance(prof, Mapping) else None
        if not isinstance(index, str):
            continue
        if index.startswith("saving-throw-") and index[13:] in ABILITIES:
            saves.append(index[13:])  # type: ignore[arg-type]
        elif index.startswith("skill-"):
            skills.append(index[6:].replace("-", "_")[:40])
    for long, short in _ABILITY_FIELDS.items():
        if data.get(f"{long}_save") is not None and short not in saves:
            saves.append(short)
    named = data.get("skills")
    if isinstance(named, Mapping):
        skills += [str(k).strip().lower().replace(" ", "_")[:40] for k in named if str(k).strip()]
    return saves, list(dict.fromkeys(skills))[:20]


def _scores(abilities: Mapping[Ability, int]) -> dict[Ability, int]:
    return {a: (abilities.get(a, 10) - 10) // 2 for a in ABILITIES}


def _weapon(action: Mapping[str, Any], mods: Mapping[Ability, int], pb: Any,
            known: Sequence[str]) -> dict[str, Any] | None:
    """An attack action as a weapon, or None for an action that rolls no attack."""
    raw = action.get("desc")
    desc = raw if isinstance(raw, str) else ""
    to_hit = action.get("attack_bonus")
    if isinstance(to_hit, bool) or not isinstance(to_hit, (int, float)) or not math.isfinite(to_hit):
        found = _TO_HIT.search(desc)
        if found is None:
            return None
        to_hit = int(found.group(1) or found.group(2))
    name = action.get("name")
    name = name.strip()[:80] if isinstance(name, str) and name.strip() else "Attaque"
    head = desc.split(":", 1)[0].lower()
    kind = "ranged" if "ranged" in head and "melee" not in head else "melee"
    order: Sequence[Ability] = ("dex", "str", "con", "int", "wis", "cha") if kind == "ranged" \
        else ("str", "dex", "con", "int", "wis", "cha")
    bonus = int(pb) if isinstance(pb, int) and not isinstance(pb, bool) else 2
    ability = min(order, key=lambda a: abs(int(to_hit) - bonus - mods[a]))
    dice, flat, damage_type, extra = _damage(action, desc, known)
    weapon: dict[str, Any] = {"name": name, "kind": kind, "damage": dice, "ability": ability,
                              "attack_bonus": int(to_hit) - bonus - mods[ability],
                              "damage_bonus": flat - mods[ability]}
    if damage_type:
        weapon["damage_type"] = damage_type
    if extra:
        weapon["extra_damage"] = extra
    reach = _REACH.search(desc)
    if reach and kind == "melee":
        weapon["reach_m"] = feet_to_m(float(reach.group(1)))
    shot = _RANGE.search(desc)
    if shot:
        weapon["range_m"] = feet_to_m(float(shot.group(1)))
        if shot.group(2):
            weapon["long_range_m"] = feet_to_m(float(shot.group(2)))
    return weapon


def _damage(action: Mapping[str, Any], desc: str, known: Sequence[str]
            ) -> tuple[str, int, str, list[dict[str, str]]]:
    """(dice, flat bonus, type, more parts): 5e-database's `damage` list (its first part the
    weapon's own, each other a typed `extra_damage` part), or Open5e's `damage_dice` and
    `damage_bonus` (the type, and the parts after « plus », read in the action's text)."""
    terms: list[str] = []
    flat = 0
    kind = ""
    extra: list[dict[str, str]] = []
    parts = action.get("damage")
    if isinstance(parts, list):
        for part in map(_first_way, parts):
            if not isinstance(part, Mapping) or not isinstance(part.get("damage_dice"), str):
                continue
            more, bonus = _dice(part["damage_dice"])
            word = _type_named(part.get("damage_type"), known)
            if not terms and not flat:
                terms, flat, kind = more, bonus, word
            elif more and word:
                extra.append({"dice": _notation(more, bonus), "type": word})
            else:  # an untyped or flat part has no defence of its own: it adds to the first
                terms += more
                flat += bonus
    elif isinstance(action.get("damage_dice"), str):
        terms, flat = _dice(action["damage_dice"])
        given = action.get("damage_bonus")
        if isinstance(given, int) and not isinstance(given, bool):
            flat += given
        for more, bonus, word in _parts_said(desc, known):
            if word:
                extra.append({"dice": _notation(more, bonus), "type": word})
            else:  # as in 5e-database's list: a part of no type the rules name adds to the first
                terms += more
                flat += bonus
    if not kind:
        said = _HIT_TYPE.search(desc)
        if said and said.group(1).lower() in known:
            kind = said.group(1).lower()
    extra = extra[:MAX_PARTS]
    if not terms:  # a flat hit ("1 piercing damage")
        return (str(flat) if flat >= 1 else "1"), 0, kind, extra
    return "+".join(terms), flat, kind, extra


def _type_named(named: Any, known: Sequence[str]) -> str:
    """A 5e-database damage type ({"index": "fire", "name": "Fire"} or a word), if the system
    names it; else ""."""
    word = named.get("index", named.get("name")) if isinstance(named, Mapping) else named
    return word.lower() if isinstance(word, str) and word.lower() in known else ""


def _notation(terms: list[str], flat: int) -> str:
    """Dice terms and a flat bonus as one notation ("2d6", "1d6+2")."""
    text = "+".join(terms)
    return f"{text}{flat:+d}" if flat else text


def _parts_said(desc: str, known: Sequence[str]) -> list[tuple[list[str], int, str]]:
    """The parts an Open5e action's text adds after its first ("… piercing damage plus 7 (2d6)
    poison damage"): (dice terms, flat bonus, the type if the system names it, else "")."""
    found = []
    for dice, word in _PLUS_PART.findall(desc):
        terms, flat = _dice(dice)
        if terms:
            found.append((terms, flat, word.lower() if word.lower() in known else ""))
    return found


def _first_way(part: Any) -> Any:
    """A damage part, or the first of the ways a choice offers (5e-database's versatile
    weapons: `{"choose": 1, "from": {"options": [one-handed, two-handed]}}`)."""
    chosen = part.get("from") if isinstance(part, Mapping) else None
    options = chosen.get("options") if isinstance(chosen, Mapping) else None
    if isinstance(options, list):
        return next((o for o in options if isinstance(o, Mapping) and "damage_dice" in o), None)
    return part


def _dice(text: str) -> tuple[list[str], int]:
    """"2d6 + 3" → (["2d6"], 3); "1d8+1d6" → (["1d8", "1d6"], 0)."""
    terms: list[str] = []
    flat = 0
    for sign, term in _DICE_TERM.findall(text.replace(" ", "")[:40]):
        if "d" in term.lower():
            terms.append(term.lower())
        else:
            flat += -int(term) if sign == "-" else int(term)
    return terms, flat


def _attacks_per_action(actions: Sequence[Mapping[str, Any]]) -> int:
    """Multiattack: 5e-database's counted `actions`, else "makes two attacks" in its text."""
    for action in actions:
        if str(action.get("name", "")).strip().lower() != "multiattack":
            continue
        listed = action.get("actions")
        if isinstance(listed, list):
            counts = [a.get("count") for a in listed if isinstance(a, Mapping)]
            total = 0
            for count in counts:
                if isinstance(count, str) and count.isdigit():
                    count = int(count)
                if isinstance(count, int) and not isinstance(count, bool):
                    total += count
            if total:
                return max(1, min(8, total))
        desc = action.get("desc")
        found = _MULTI.search(desc) if isinstance(desc, str) else None
        if found:
            word = found.group(1).lower()
            n = _COUNTS.get(word, int(word) if word.isdigit() else 1)
            return max(1, min(8, n))
    return 1
