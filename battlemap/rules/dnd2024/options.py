"""Per-encounter choices for dnd2024 (RULES.md §4 dnd2024): each default is the digest's.

Each description is English, citing the 003 glossary; the French interface shows its French
(battlemap/ui/i18n/fr.json, through the options dock's `tr`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Dnd2024Options(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    natural_one_misses: bool = Field(
        default=True,
        description='A natural 1 always misses (2024 rule; the 003 glossary "Coup critique" '
                    "only speaks of the 20).")
    knock_out_melee: bool = Field(
        default=False,
        description="Melee: reduce to 1 HP and Unconscious instead of 0 HP (003, the "
                    "paragraph on a melee attack that knocks out).")
    initiative_mode: Literal["rolled", "score"] = Field(
        default="rolled",
        description='Roll Initiative (d20 + Dex) or use the Initiative score 10 + Dex, ±5 '
                    '(003 "Initiative").')
    flanking: bool = Field(
        default=False,
        description="Optional flanking rule: Advantage in melee (absent from the 003 "
                    "glossary; off by default).")
    monsters_die_at_zero: bool = Field(
        default=True,
        description="Non-PC creatures die at 0 HP instead of making death saving throws "
                    "(2024 rule; 003 silent).")
    massive_damage: bool = Field(
        default=True,
        description="Instant death if the damage left after 0 HP reaches the HP maximum "
                    "(2024 rule; 003 silent).")


def coerce_options(options: Any) -> Dnd2024Options:
    """The engine passes the validated model; a dict or None is validated here."""
    if isinstance(options, Dnd2024Options):
        return options
    return Dnd2024Options.model_validate(options or {})
