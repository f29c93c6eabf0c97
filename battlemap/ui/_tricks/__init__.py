"""The window's tricks that need Qt, each behind one named function (the interpreter-level
ones, free of Qt, are in `battlemap._tricks`).

- `first_gestures.warm_up(...)`: after the map's first frame, what the GM's first gestures
  need is loaded and run once, in idle time.
- `probe.install_probe(view)`: a test aid, not a speed trick: when BATTLEMAP_MAP_PROBE names a
  file, the GM map writes where its tokens are on screen, for end-to-end runs.

Nothing is imported here: the window imports the warm-up before its first frame, the map's
wiring imports the probe after it, and neither should bring the other along."""
