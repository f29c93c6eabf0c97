"""A count with its noun in the right number, in English or French: "1 door", "2 doors",
"0 doors"; « 1 porte », « 2 portes », and French keeps the singular for 0 and 1 (« 0 porte »,
« 1,5 mètre »), where English takes the plural for everything but exactly one."""

from __future__ import annotations


def counted(n: float, one: str, many: str | None = None, lang: str = "en") -> str:
    """`n` and the noun that agrees with it; `many` defaults to `one` + "s" (« porte » →
    « portes »), given for the others (« animal » → « animaux », "foot" → "feet")."""
    singular = abs(n) < 2 if lang == "fr" else n == 1
    number = f"{n:g}".replace(".", ",") if lang == "fr" else f"{n:g}"
    return f"{number} {one if singular else (many or one + 's')}"
