"""`battlemap query FILE fall TOKEN --height M`, `query FILE cast TOKEN` and `query FILE
disengage TOKEN [--ally ALLY]`: the rulings the engine makes apart from a command, as JSON,
each asked of the session (`engine.queries.rulings`) as the window would. A system whose text
has no such rule answers so in one sentence; `--roll` forces dice, `--seed` seeds them. The
file is not changed."""

from __future__ import annotations

import argparse
from typing import Any

from battlemap.cli import common
from battlemap.cli.common import CliError, dice_args, print_json
from battlemap.engine import EngineError
from battlemap.rules.core.dice import ForcedDieError

# Past the deepest fall any rule counts (dnd2024: 20d6 from 60 m): a typo, not a ruling.
MAX_FALL_M = 1000.0


def register_query(qsub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = qsub.add_parser("fall", help="the damage and state a fall leaves TOKEN in")
    p.add_argument("token")
    p.add_argument("--height", required=True, type=float, metavar="M", help="in metres")
    dice_args(p)
    p.set_defaults(func=run_fall)

    p = qsub.add_parser("cast", help="TOKEN casts a spell: arcane spell failure in armour, "
                        "or with --damage its concentration check")
    p.add_argument("token")
    p.add_argument("--damage", type=int, default=None, metavar="N",
                   help="damage taken while casting: the concentration check (3.5)")
    p.add_argument("--spell-level", type=int, default=0, metavar="L")
    p.add_argument("--ranks", type=int, default=0, metavar="R",
                   help="the caster's ranks in Concentration")
    dice_args(p)
    p.set_defaults(func=run_cast)

    p = qsub.add_parser("disengage", help="TOKEN leaves the melee of the foes threatening it")
    p.add_argument("token")
    p.add_argument("--ally", default=None, help="the ally who takes its place")
    dice_args(p)
    p.set_defaults(func=run_disengage)


def _ask(args: argparse.Namespace, ask: Any, *ids: str | None) -> Any:
    """The session's ruling, its refusals as one sentence."""
    enc = common.load_or_fail(args.file)
    for tid in ids:
        if tid is not None:
            common.token_or_fail(enc, tid)
    s = common.session_or_fail(enc, args.seed)
    try:
        return s, ask(s)
    except ForcedDieError as err:
        raise CliError(f"{err}.") from None
    except EngineError as err:
        raise CliError(str(err)) from None


def _dump(res: Any) -> dict[str, Any]:
    return res.model_dump(mode="json")  # type: ignore[no-any-return]


def run_fall(args: argparse.Namespace) -> int:
    common.number_in(args.height, "--height", 0, MAX_FALL_M, "m")
    s, res = _ask(args, lambda s: s.fall(args.token, args.height, forced=args.roll),
                  args.token)
    print_json({"token": args.token, "system": s.system.id, **_dump(res)})
    return 0


def run_cast(args: argparse.Namespace) -> int:
    if args.damage is None:
        s, res = _ask(args, lambda s: s.spell_failure(args.token, forced=args.roll),
                      args.token)
        print_json({"token": args.token, "system": s.system.id, "spell_failure": _dump(res)})
        return 0
    s, res = _ask(args, lambda s: s.concentration(args.token, args.damage, args.spell_level,
                                                  args.ranks, forced=args.roll), args.token)
    print_json({"token": args.token, "system": s.system.id, "concentration": _dump(res)})
    return 0


def run_disengage(args: argparse.Namespace) -> int:
    if args.ally is not None and args.ally == args.token:
        raise CliError("the ally who takes the place is the disengaging token itself.")
    s, res = _ask(args, lambda s: s.disengage(args.token, args.ally, forced=args.roll),
                  args.token, args.ally)
    print_json({"token": args.token, "ally": args.ally, "from": s.engaged_by(args.token),
                **_dump(res)})
    return 0
