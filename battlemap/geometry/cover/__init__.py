"""How much cover a target has from an attacker, and why (DESIGN.md §4.4): the level of one
pair or of many (`levels`), and the AD&D 2bis share of a space hidden from a point
(`hidden_share`). The batch kernels behind them are private."""

from battlemap.geometry.cover.hidden_share import (
    hidden_fraction,
    hidden_fractions,
    hidden_fractions_many,
)
from battlemap.geometry.cover.levels import cover, cover_levels, cover_many, pair_levels

__all__ = ["cover", "cover_levels", "cover_many", "hidden_fraction", "hidden_fractions",
           "hidden_fractions_many", "pair_levels"]
