"""The GM's answer to every yes/no question a test's window asks (`QMessageBox.question`),
given in advance; what was asked is recorded: the titles, in order, and their texts."""

from __future__ import annotations

from typing import Any


class Asked(list[str]):
    """The titles of the questions asked, in order; `texts` their sentences."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []


def answer_questions(monkeypatch: Any, button: Any) -> Asked:
    from PySide6.QtWidgets import QMessageBox

    asked = Asked()

    def question(_parent: Any, title: str, text: str, *_a: Any) -> Any:
        asked.append(title)
        asked.texts.append(text)
        return button

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked
