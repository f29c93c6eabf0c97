"""The GM's window (`main_window.MainWindow`) and what only it owns: its action table, the
editing and file commands' status sentences, the docks' sizes across a map swap, and where it
gets its map widget (`map_host`). Modules are imported by name: the players' window and
`battlemap render` need `map_host` without the whole main window."""
