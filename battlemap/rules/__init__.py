"""The rules core: four systems on one framework (`core`). No Qt, no map."""
