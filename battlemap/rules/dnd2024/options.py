"""Per-encounter choices for dnd2024 (RULES.md §4 dnd2024): each default is the digest's."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Dnd2024Options(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    natural_one_misses: bool = Field(
        default=True,
        description="Un 1 naturel rate toujours (règle 2024 ; le glossaire 003 « Coup critique » "
                    "ne parle que du 20).")
    knock_out_melee: bool = Field(
        default=False,
        description="Corps à corps : réduire à 1 pv et Inconscient au lieu de 0 pv (003, "
                    "paragraphe sur l'attaque de corps à corps qui assomme).")
    initiative_mode: Literal["rolled", "score"] = Field(
        default="rolled",
        description="Jouer l'Initiative (d20 + Dex) ou utiliser la valeur d'Initiative "
                    "10 + Dex, ±5 (003 « Initiative »).")
    flanking: bool = Field(
        default=False,
        description="Règle optionnelle de prise en tenaille : Avantage au corps à corps "
                    "(absente du glossaire 003 ; désactivée par défaut).")
    monsters_die_at_zero: bool = Field(
        default=True,
        description="Les créatures non-PJ meurent à 0 pv au lieu de faire des jets contre la "
                    "mort (règle 2024 ; 003 silencieux).")
    massive_damage: bool = Field(
        default=True,
        description="Mort instantanée si les dégâts restants après 0 pv atteignent le maximum "
                    "de pv (règle 2024 ; 003 silencieux).")


def coerce_options(options: Any) -> Dnd2024Options:
    """The engine passes the validated model; a dict or None is validated here."""
    if isinstance(options, Dnd2024Options):
        return options
    return Dnd2024Options.model_validate(options or {})
