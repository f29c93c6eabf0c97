"""Ragged pairings for batched geometry: every (row, item) sharing an owner, as two flat
index arrays, so per-owner work runs as one array pass instead of a loop over owners."""

from __future__ import annotations

import numpy as np


def expand(row_owner: np.ndarray, item_owner: np.ndarray, n_owners: int) -> tuple[
    np.ndarray, np.ndarray
]:
    """Every (row, item) with row_owner[row] == item_owner[item], rows in order, then items:
    (row index, item index). `item_owner` must be sorted."""
    first = item_owner.searchsorted(np.arange(n_owners))  # methods: no Python wrapper
    count = np.bincount(item_owner, minlength=n_owners)
    per_row = count.take(row_owner)
    rows = np.arange(len(row_owner)).repeat(per_row)
    run_start = per_row.cumsum() - per_row
    items = first.take(row_owner).repeat(per_row) + np.arange(len(rows)) - run_start.repeat(
        per_row)
    return rows, items
