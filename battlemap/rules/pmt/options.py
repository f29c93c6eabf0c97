"""Encounter options of PMT: the seed is a set of optional rules this table uses, so each is on
by default except where the seed says "le MdT peut décider" (docs/rules/README.md#rules-core-by-system)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# The seed's example list of manoeuvres ("Manœuvres de combat").
SEED_MANOEUVRES = [
    "attraper et tirer à soi", "bloquer l'arme", "désarmer", "désarçonner", "envoyer au sol",
    "faire reculer", "empêcher une attaque sur un compagnon", "se faufiler",
]


class PmtOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    ac_form: Literal["ascending", "descending"] = Field(
        default="ascending",
        description='Ascending AC (d20 + bonuses ≥ CA) or descending AC with TAC0 (004 "Formule").')
    thac0_formula: Literal["classic", "cible"] = Field(
        default="classic",
        description='With descending AC: classic d20 + mods ≥ TAC0 − CA, or CibleTAC0 d20 + mods '
                    '+ CA ≥ TAC0 (004, TAC0 "Variante : CibleTAC0").')
    miss_damage: Literal["all", "pcs", "off"] = Field(
        default="all",
        description='A miss still deals 1 damage; the GM may keep it for PCs ("Un coup raté '
                    'inflige quand même 1 dommage").')
    natural_1: Literal["as_rolled", "auto_miss"] = Field(
        default="as_rolled",
        description='A natural 1 counts as rolled (d20 + modifiers against the AC) or always '
                    'misses; the seed speaks only of the natural 20 (004 "Sur un 20 naturel").')
    natural_20_max: bool = Field(
        default=True,
        description='A natural 20 deals the weapon\'s maximum damage ("Sur un 20 naturel").')
    fixed_damage: bool = Field(
        default=False,
        description='Weapons deal half their maximum, no damage roll ("la moitié des dommages '
                    'potentiels", the GM decides).')
    minions: bool = Field(
        default=True,
        description='Creatures marked "sbire" drop on any hit and deal half their maximum '
                    '(option Sbires).')
    nonproficient_weapon: bool = Field(
        default=True, description='A weapon the class forbids: −4 to attack ("arme interdite").')
    nonproficient_armour: bool = Field(
        default=True,
        description='Armour the class forbids: −2 AC [+2 descending]; a forbidden shield gives '
                    'nothing ("armure interdite").')
    spell_failure: bool = Field(
        default=True,
        description='Arcane casters in armour fail on d100 ≤ the armour penalty ("gêne la '
                    'gestuelle").')
    casters_move: bool = Field(
        default=True,
        description='Casters may use their combat movement while preparing a spell ("Les '
                    'lanceurs de sorts peuvent utiliser leur mouvement").')
    two_weapon: Literal["standard", "simplified"] = Field(
        default="standard",
        description='Two weapons: two attacks at −2/−4 with dice limits, or the simplified '
                    'variant, one attack at +1/+1 ("Variante simplifiée").')
    coup_de_maitre: int = Field(
        default=20, ge=2, le=20,
        description='Natural roll from which a hit is a "Coup de maître" for manoeuvres (the '
                    'seed points to an option it does not include: 20 by default).')
    manoeuvres: list[str] = Field(
        default_factory=lambda: list(SEED_MANOEUVRES),
        description='Manoeuvres the GM allows ("dresser une liste des manœuvres autorisées").')
    defensive_posture: Literal["ac", "subtract"] = Field(
        default="ac",
        description='Defensive posture bonus on the AC, or subtracted from the opponent\'s roll '
                    'with descending AC ("posture défensive").')
    dex_ac_option: bool = Field(
        default=False,
        description='Option "Bonus de DEX à la CA" in use: the posture\'s Dex bonus is capped by '
                    'the armour ("posture défensive").')
    side_initiative: bool = Field(
        default=False,
        description="Initiative by side, one d6 each round (B/X; the seed is silent); else "
                    "individual d6 + DEX modifier.")
    flanking: bool = Field(
        default=False, description="Flanking gives +2 to hit (seed silent; docs/rules/README.md#geometry-by-system option).")
