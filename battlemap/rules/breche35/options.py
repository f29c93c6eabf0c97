"""Per-encounter choices for breche35; each default is the seed's rule (RULES.md §4)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Breche35Options(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    confirm_criticals: bool = Field(
        default=True,
        description='000 "Attaquer" : un critique possible se confirme par un second jet '
                    "d'attaque contre la même CA (désactivé : toute menace est un critique).")
    concealment_miss_chance: bool = Field(
        default=True,
        description='000 "Modificateurs de situation" : camouflage 20 % / total 50 % de chances '
                    "de rater, tirées au d100.")
    fourth_iterative_attack: bool = Field(
        default=False,
        description='000 "Attaquer" s\'arrête à BBA +11 ; la table officielle 3.5 ajoute une '
                    "quatrième attaque à −15 avec un BBA de +16.")
    stabilise_chance_pct: int = Field(
        default=10, ge=0, le=100,
        description='000 "Points de vie, mort et guérison" : chances par round (d100) qu\'un '
                    "mourant se stabilise.")
    counter_attempts: bool = Field(
        default=True,
        description='000 "Manœuvres" : après un croc-en-jambe ou un désarmement raté, la cible '
                    "tente de vous faire tomber ou de vous désarmer en retour.")
    coup_de_grace_save: bool = Field(
        default=True,
        description='000 "Manœuvres" : après un coup de grâce, jet de Vigueur DD 10 + dégâts '
                    "ou mort.")
