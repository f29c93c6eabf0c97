"""The battle map widget (issue 6): `MapView(session, role="gm"|"player")`."""

from battlemap.ui.map.view import MapView

__all__ = ["MapView"]
