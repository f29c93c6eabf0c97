"""Surprise at PMT: the seed is silent; the default as in B/X games, the surprised lose the
first round. The GM says who is surprised."""

from __future__ import annotations

from battlemap.rules.core.surprise import SurpriseRule

SURPRISE = SurpriseRule(surprised_wait=True, aware_single_action=False,
                        source="B/X, surprise (004_49216c8abfe9f777.txt muet)")
