"""The defender's choice on a manoeuvre that hit (004 "Manœuvres": "le défenseur peut,
au choix, laisser la manœuvre s'effectuer ou subir les dommages"): asked once the dice are
rolled, inside the engine's command, so the roll and the choice are one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from battlemap.ui.i18n import say
from battlemap.ui.i18n.map_words import t


def defender_dialog(parent: QWidget | None, res: Any, target: str,
                    name: str | None = None) -> QMessageBox:
    """Two answers, "effect" and "damage" (each button's `choice` property); Cancel undoes
    the whole manoeuvre. `name`: the manoeuvre as the interface says it (the system's
    `manoeuvre_label`), its id when not given."""
    name = name or res.name
    damage = res.damage.total if res.damage is not None else 0
    box = QMessageBox(parent)
    box.setObjectName("defenderChoice")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(t("Defender's choice"))
    box.setText(t('{target} chooses: let the manoeuvre "{name}" happen, or take {n} damage?')
                .format(target=target, name=name, n=damage))
    box.setInformativeText("\n".join(map(say, res.effects)))
    for choice, label in (("effect", t('Let "{name}" happen').format(name=name)),
                          ("damage", t("Take {n} damage").format(n=damage))):
        button = box.addButton(label, QMessageBox.ButtonRole.AcceptRole)
        button.setObjectName(f"defender_{choice}")
        button.setProperty("choice", choice)
    box.addButton(QMessageBox.StandardButton.Cancel)
    return box


def chosen(box: QMessageBox) -> str | None:
    """The engine's word for the button clicked; None for Cancel."""
    button = box.clickedButton()
    value = button.property("choice") if button is not None else None
    return value if isinstance(value, str) else None


def ask_defender(parent: QWidget | None, res: Any, target: str,
                 name: str | None = None) -> str | None:
    box = defender_dialog(parent, res, target, name)
    box.exec()
    return chosen(box)
