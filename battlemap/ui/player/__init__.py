"""The players' window (second screen)."""
