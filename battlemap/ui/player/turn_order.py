"""The turn order on the players' screen, an option of the players' window: the creatures
the party can see, in the order they act, the one acting now marked. A creature hidden from
the players, or standing where the fog covers it, is not listed, and the current turn is
marked only when the party sees whose it is (a « ▶ » beside no name would tell them a hidden
creature acts). The same sight decides whether the players' map rings the acting creature."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

from battlemap.model import Token
from battlemap.ui.i18n import tr
from battlemap.ui.map.drawing.items.wait_marks import WAITING_MARK
from battlemap.ui.map.units import PX

SETTING = "player/turn_order"  # the GM's last choice: the panel shown or not
CURRENT_MARK = "▶"
MARGIN = 12  # pixels from the view's top-right corner


def party_sees(view: Any, token: Token) -> bool:
    """The players see this creature: not hidden, and with the fog on, its square's centre
    lies in what the party sees."""
    if token.hidden:
        return False
    fog = getattr(view, "fog", None)
    if fog is None:
        return True
    from PySide6.QtCore import QPointF

    half = token.size.squares / 2
    return not fog.fogged(QPointF((token.col + half) * PX, (token.row + half) * PX))


def seen_order(session: Any, view: Any) -> tuple[int, list[tuple[str, bool, bool]]]:
    """(round, [(name, acting now, waiting)]) of the creatures the party sees, in order."""
    st = session.turn_view()
    if not st.active:
        return 0, []
    by_id = {t.id: t for t in session.encounter.tokens}
    cur = st.current
    rows = [(by_id[t].name, t == cur, False) for t in st.ids()
            if t in by_id and party_sees(view, by_id[t])]
    rows += [(by_id[t].name, False, True) for t in st.waiting_ids()
             if t in by_id and party_sees(view, by_id[t])]
    return st.round, rows


class TurnOrderPanel(QFrame):
    """A small plate over the players' map, top right; follows every change live."""

    def __init__(self, window: Any) -> None:
        super().__init__(None)
        self.setObjectName("player_turn_order")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("#player_turn_order { background: rgba(20, 20, 26, 200);"
                           " border-radius: 6px; } QLabel { color: rgb(235, 235, 240);"
                           " font-size: 15px; }")
        self.window_ = window
        self.view: Any = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 8)
        self.title = QLabel()
        self.title.setObjectName("player_turn_title")
        self.rows = QLabel()
        self.rows.setObjectName("player_turn_rows")
        self.rows.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.title)
        lay.addWidget(self.rows)
        self.enabled = QSettings().value(SETTING, False, type=bool)
        self.hide()

    def attach(self, view: Any) -> None:
        """Sit on a new players' map view, and lend its scene the party's sight for the ring
        round the acting creature."""
        self.view = view
        self.setParent(view)
        scene = getattr(view, "map_scene", None)
        if scene is not None:
            scene.ring_shown = lambda token: party_sees(view, token)
        self.refresh()

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        QSettings().setValue(SETTING, on)
        self.refresh()

    def refresh_later(self) -> None:
        """After a change: once the event loop turns, when the fog knows the change too (the
        scene hides the players' ring meanwhile, so no frame shows it from stale sight)."""
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, self, self.refresh)

    def refresh(self) -> None:
        """Show what the party sees of the order now (after a change or a new fog)."""
        view = self.view
        if view is None:
            return
        scene = getattr(view, "map_scene", None)
        if scene is not None:
            scene.refresh_turn_ring()
        session = self.window_.session
        rnd, rows = seen_order(session, view)
        if not (self.enabled and rows):
            self.hide()
            return
        self.title.setText(tr("Round {n}").format(n=rnd))
        self.rows.setText("\n".join(
            f"{CURRENT_MARK if now else WAITING_MARK if waiting else ' '}  {name}"
            for name, now, waiting in rows))
        self.adjustSize()
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        if self.view is not None:
            self.move(max(0, self.view.width() - self.width() - MARGIN), MARGIN)


def shown_rows(panel: TurnOrderPanel) -> list[str]:
    """The panel's lines as the players read them (tests, the real-window check)."""
    return panel.rows.text().splitlines() if panel.isVisible() else []

