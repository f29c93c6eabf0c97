"""Regression (DESIGN.md §5): PySide6 6.12.0 on Python < 3.12 drops a reference to None on
every void-returning call, so a long drag crashes the process. pyproject excludes that
release; this test catches any other build with the same fault."""

import sys

from PySide6.QtCore import QPointF

from battlemap.model import Token
from battlemap.ui.map.drawing.items.token_item import TokenItem
from battlemap.ui.map.drawing.items.token_look import TokenLook, side_colour


def test_none_refcount_is_stable_across_ten_thousand_setpos(qapp):
    token = Token(id="t", name="Test", col=0, row=0)
    item = TokenItem(token, TokenLook("Test", "Te", side_colour("foe")))
    for i in range(100):  # warm up caches that may hold None once
        item.setPos(QPointF(i, i))
    before = sys.getrefcount(None)
    for i in range(10_000):
        item.setPos(QPointF(i % 97, i % 89))
    after = sys.getrefcount(None)
    # A leak of one reference per call would show as 10,000; allow small interpreter noise.
    assert abs(after - before) < 100
