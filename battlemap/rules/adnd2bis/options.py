"""Encounter options of AD&D 2bis (each default follows the seed or docs/rules/README.md#rules-core-by-system)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Adnd2bisOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    size_table: Literal["second", "first", "off"] = Field(
        default="second",
        description='Différentiel de taille: the text has two tables (G/TG/Gig −2/−4/−6 then '
                    '−1/−2/−4); the second is used by default (001 "Différentiel de taille").')
    initiative: Literal["individual", "group"] = Field(
        default="individual",
        description='Individual d10 initiative each round, lowest first, or one d10 per side '
                    '(001 "INITIATIVE, FLANKING, SURPRISE").')
    initiative_dex: Literal["dex_minus_15", "adnd_table"] = Field(
        default="dex_minus_15",
        description='Dex adjustment to initiative: the text\'s "bonus = DEX − 15", or the AD&D '
                    'table read as is (001 "INITIATIVE, FLANKING, SURPRISE"; the table: "Bonus '
                    'AD&D selon abilité").')
    surprise_bonus: Literal["both", "to_hit", "ac"] = Field(
        default="both",
        description='Against a surprised creature: +2 to hit (001 "Flanking": « L\'attaque contre '
                    'une créature surprise bénéficie des mêmes bonus ») and −2 AC (001 "Surprise"), '
                    'both as written, or only one of them.')
    creature_cover_cap: Literal["none", "50"] = Field(
        default="none",
        description='Cover that creatures alone give: measured like a wall\'s, up to 90 % (001 '
                    '"Modificateurs de Couverture" makes no exception; the diagram even lets C '
                    'shoot past X at Y only when Y is larger), or at most 50 %.')
    natural_20_hits: bool = Field(
        default=True,
        description="A natural 20 always hits (AD&D 2e rule; the 2bis text is silent).")
    fumble_table: bool = Field(
        default=True,
        description='On a natural 1, roll the DEX/Acrobatics DC 15 check and, on a failure, the '
                    'd20 fumble table (001 "Fumbles").')
    flanking: bool = Field(
        default=True,
        description='Flanked or surprised targets: +2 to hit for every attacker, sneak attack for '
                    'thieves (001 "Flanking").')
    underwater: bool = Field(
        default=False,
        description='Underwater fight: disadvantage, slashing/blunt −4 and half damage, bows '
                    'useless (001 "MILIEU SUB-AQUATIQUE").')
    ranged_dex_to_hit: bool = Field(
        default=True,
        description="Ranged attacks add the Dex missile adjustment (AD&D 2e rule; the 2bis text "
                    "gives the table only for AC and initiative).")
    range_penalties: bool = Field(
        default=True,
        description="Medium range −2, long range −5 (AD&D 2e rule; the 2bis text is silent).")
    zero_hp_failure: Literal["one_hp", "minus_one"] = Field(
        default="one_hp",
        description='After d4+4 hours at 0 hp a failed CON DC 20 check "passe à 1 hp" as written; '
                    '"minus_one" reads it as −1 hp, unconscious and bleeding (001 "Dying").')
    healing_dc: int = Field(
        default=15, ge=0, le=60,
        description='DC of the Healing check that stabilises an internal cause over two turns; the '
                    'text refers to the Healing skill without its DC (001 "Dying"). In rounds: '
                    'DC 30.')
