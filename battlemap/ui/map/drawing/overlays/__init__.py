"""Overlay items: each paints what one engine answer says (a path, squares, lines)."""
