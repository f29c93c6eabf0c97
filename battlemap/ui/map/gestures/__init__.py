"""What the GM's pointer and keys do on the map: the view's input routing (`view_input`),
one controller per gesture (move, attack, area template, overlays of the selection, edit
keys), the zoom bursts, and the Qt-free tools they drive (`tools`). `wiring` builds the
controllers after the first frame; nothing here is imported before it."""
