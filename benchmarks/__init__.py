"""The performance suite (docs/benchmarks.md, issue 9): `uv run python -m benchmarks`."""
