"""The performance suite (DESIGN.md §6, issue 9): `uv run python -m benchmarks`."""
