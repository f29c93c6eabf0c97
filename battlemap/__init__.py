"""Battle map for game masters."""
