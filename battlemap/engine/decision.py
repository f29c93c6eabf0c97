"""Asking the GM before a command runs: what may be decided, and the question itself."""

from __future__ import annotations

from typing import Literal

OAMode = Literal["ask", "resolve", "skip"]
OAChoice = Literal["resolve", "skip"]
