"""Which files the window opens and how (`file_kinds.open_session`), the file commands
(`file_controller`), loading a big file off the GUI thread (`loader`) and the recent list.
Modules are imported by name: `file_kinds` reads an encounter before Qt starts, and must not
bring the Qt-side modules with it."""
