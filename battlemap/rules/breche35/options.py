"""Per-encounter choices for breche35; each default is the seed's rule (RULES.md §4).

Each description is English, citing the seed's section by its French title; the French
interface shows its French (battlemap/ui/i18n/fr.json, through the options dock's `tr`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Breche35Options(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    confirm_criticals: bool = Field(
        default=True,
        description='000 "Attaquer": a possible critical is confirmed by a second attack roll '
                    "against the same AC (off: every threat is a critical).")
    concealment_miss_chance: bool = Field(
        default=True,
        description='000 "Modificateurs de situation": concealment 20 % / total concealment '
                    "50 % chance to miss, rolled on a d100.")
    fourth_iterative_attack: bool = Field(
        default=False,
        description='000 "Attaquer" stops at BAB +11; the official 3.5 table adds a fourth '
                    "attack at −15 with a BAB of +16.")
    stabilise_chance_pct: int = Field(
        default=10, ge=0, le=100,
        description='000 "Points de vie, mort et guérison": chance per round (d100) that a '
                    "dying creature stabilises.")
    counter_attempts: bool = Field(
        default=True,
        description='000 "Manœuvres": after a failed trip or disarm, the target tries to trip '
                    "or disarm you in return.")
    coup_de_grace_save: bool = Field(
        default=True,
        description='000 "Manœuvres": after a coup de grâce, a Fortitude save DC 10 + damage '
                    "or death.")
