"""The panels and dialogs the map's gestures open: the attack panel and its words, applying
an area, the opportunity attacks on a drop, the defender's choice, the template bar."""
