"""`python -m battlemap`: the same as the `battlemap` command."""

from battlemap.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
