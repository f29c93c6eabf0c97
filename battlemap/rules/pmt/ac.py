"""Armour class in the encounter's chosen form: conversions, forbidden armour and shield,
defensive posture, and the label the UI shows (`ac_label`)."""

from __future__ import annotations

from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats
from battlemap.rules.pmt.tables import ascending_from_descending, src
from battlemap.rules.pmt.words import PREFIX, named
from battlemap.text import Message

ARMOUR = "Tout personnage peut porter une armure interdite"
POSTURE = "posture défensive"


def base_ascending(s: PmtStats) -> int:
    return s.ac if s.ac_form == "ascending" else ascending_from_descending(s.ac)


def ac_modifiers(s: PmtStats, opts: PmtOptions, c: Combatant | None = None) -> list[Modifier]:
    """Changes to the AC, in ascending terms (positive = harder to hit)."""
    mods: list[Modifier] = []
    if opts.nonproficient_armour:
        if not s.armour_proficient:
            mods.append(Modifier(name=named("forbidden_armour"), value=-2, applies_to="ac",
                                 source=src(ARMOUR)))
        if s.shield_ac and not s.shield_proficient:
            mods.append(Modifier(name=named("forbidden_shield"), value=-s.shield_ac,
                                 applies_to="ac", source=src(ARMOUR)))
    on_ac = opts.defensive_posture == "ac" or opts.ac_form == "ascending"
    if c is not None and c.has("defensive_posture") and on_ac:
        bonus = posture_bonus(s, opts)
        if bonus:
            mods.append(Modifier(name=named("defensive_posture"), value=bonus, applies_to="ac",
                                 source=src(POSTURE)))
    return mods


def posture_bonus(s: PmtStats, opts: PmtOptions) -> int:
    """FOR or DEX modifier, the player's choice (we take the best); with the option "Bonus de
    DEX à la CA" the Dex part is capped by the armour (plate: +1)."""
    dex = s.dex_mod
    if opts.dex_ac_option and s.dex_ac_cap is not None:
        dex = min(dex, s.dex_ac_cap)
    return max(s.str_mod, dex, 0)


def effective_ascending(s: PmtStats, opts: PmtOptions, c: Combatant | None = None) -> int:
    return base_ascending(s) + sum(m.value for m in ac_modifiers(s, opts, c))


def ac_value(s: PmtStats, opts: PmtOptions, c: Combatant | None = None) -> int:
    """The AC in the encounter's form (descending = 19 − ascending)."""
    asc = effective_ascending(s, opts, c)
    return asc if opts.ac_form == "ascending" else ascending_from_descending(asc)


def ac_label(stats: PmtStats | dict | None, options: PmtOptions | dict | None,
             c: Combatant | None = None) -> Message:
    """« CA 16 » (ascending) or « CA 3 » (descending): what the UI and the log show."""
    s = stats if isinstance(stats, PmtStats) else PmtStats.model_validate(stats or {})
    o = options if isinstance(options, PmtOptions) else PmtOptions.model_validate(options or {})
    return Message.of("rules.ac", ac=ac_value(s, o, c))


def ac_display(stats: PmtStats, options: PmtOptions) -> Message:
    """'AC 16 (ascending)' / « CA 3 (descendante) » — the encounter's form, named, so the GM
    never wonders which way the number reads (docs/rules/pmt.md#attacks: AC in the chosen form everywhere)."""
    return Message.of(f"{PREFIX}.ac.{options.ac_form}", ac=ac_value(stats, options))
