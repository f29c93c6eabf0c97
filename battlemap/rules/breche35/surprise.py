"""Surprise in 3.5 (000 "Le round de combat"): a surprise round in which only the aware act,
with a single standard or move action; the surprised stay flat-footed until their first turn.
The GM says who is surprised: the text gives no roll."""

from __future__ import annotations

from battlemap.rules.core.surprise import SurpriseRule

SURPRISE = SurpriseRule(surprised_wait=True, aware_single_action=True,
                        source='000_d623f1b22a06cede.txt, "Le round de combat"')
