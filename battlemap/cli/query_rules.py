"""`battlemap query FILE attack ATTACKER TARGET …`, `query FILE save TOKEN …` and `query FILE
initiative`: a ruling
as JSON — the roll tree, every modifier (value, type, source) applied and dropped, the target
number, the outcome, the damage tree, and the HP state after. `--roll` forces dice in order;
`--option KEY=VALUE` makes a per-attack choice the system offers (`Session.attack_choices`);
`--gm-mod N:LABEL` adds the GM's own modifier, `--advantage` / `--disadvantage` the GM's
advantage where the system has it.
An attack that provokes (a shot in a threatened square…) lists who would attack; their
opportunity attacks are rolled first only with `--oa resolve` (dice: `--oa-roll`).
The file is not changed: the ruling runs in a throwaway session."""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from battlemap.cli.common import (
    CliError,
    dice_args,
    load_or_fail,
    pair_or_fail,
    print_json,
    session_or_fail,
    token_or_fail,
)
from battlemap.engine import EngineError, Session
from battlemap.engine.errors import Refused
from battlemap.engine.queries.rulings import unrolled
from battlemap.engine.words import said
from battlemap.rules.core.dice import ForcedDieError
from battlemap.rules.core.gm_edits import gm_modifier
from battlemap.rules.core.modifiers import Modifier
from battlemap.text import Message


def register_query(qsub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = qsub.add_parser("attack", help="resolve an attack of ATTACKER on TARGET")
    p.add_argument("attacker")
    p.add_argument("target")
    p.add_argument("--weapon", default=None, help="weapon name from the attacker's stats")
    p.add_argument("--kind", default=None,
                   choices=["melee", "ranged", "melee_touch", "ranged_touch"])
    p.add_argument("--full-attack", action="store_true", help="all attacks of the round")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a per-attack choice the system offers, repeatable (for "
                        "example two_weapon=WEAPON, kill=yes against an unconscious target)")
    p.add_argument("--oa", default="skip", choices=["resolve", "skip"],
                   help="the opportunity attacks this attack provokes (default: skip)")
    p.add_argument("--oa-roll", type=int, nargs="+", action="extend", default=[], metavar="N",
                   help="force the opportunity attacks' dice in order")
    p.add_argument("--gm-mod", action="append", default=[], metavar="N:LABEL",
                   help="a modifier the GM gives, repeatable (for example +2:cover of smoke, "
                        "-1:rain); its source is the GM")
    edge = p.add_mutually_exclusive_group()
    edge.add_argument("--advantage", action="store_const", const="advantage", dest="edge",
                      help="the GM gives advantage (where the system has it)")
    edge.add_argument("--disadvantage", action="store_const", const="disadvantage",
                      dest="edge", help="the GM gives disadvantage (where the system has it)")
    _strict_arg(p)
    _dice_args(p)
    p.set_defaults(func=run_attack)

    p = qsub.add_parser("manoeuvre", help="resolve a manoeuvre of ATTACKER on TARGET (trip, "
                        "grapple, bull rush… whatever the system has)")
    p.add_argument("attacker")
    p.add_argument("target")
    p.add_argument("--kind", required=True, metavar="MANOEUVRE",
                   help="the manoeuvre, by its id or its name in English or French")
    p.add_argument("--weapon", default=None, help="weapon name from the attacker's stats")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a detail the manoeuvre's rules read, repeatable (for example "
                        "moved_m=9, action=pin)")
    p.add_argument("--blow-roll", type=int, nargs="+", action="extend", default=[],
                   metavar="N", help="a charge's blow (the attack that ends it): its dice")
    p.add_argument("--defender-choice", default=None, choices=["effect", "damage"],
                   help="where the defender chooses (pmt): the effect or the damage")
    p.add_argument("--oa", default="skip", choices=["resolve", "skip"],
                   help="the opportunity attacks this manoeuvre provokes (default: skip)")
    p.add_argument("--oa-roll", type=int, nargs="+", action="extend", default=[], metavar="N",
                   help="force the opportunity attacks' dice in order")
    p.add_argument("--gm-mod", action="append", default=[], metavar="N:LABEL",
                   help="a modifier the GM gives, repeatable; its source is the GM")
    _strict_arg(p)
    _dice_args(p)
    p.set_defaults(func=run_manoeuvre)

    p = qsub.add_parser("save", help="roll a saving throw for TOKEN")
    p.add_argument("token")
    p.add_argument("--ability", required=True, help="dex, reflex, breath… (system words)")
    p.add_argument("--dc", required=True, type=int)
    p.add_argument("--from", dest="source", default=None, metavar="TOKEN|X,Y",
                   help="where the effect comes from: the token's cover from there counts "
                        "where the system says (Dex / Reflex saves)")
    _dice_args(p)
    p.set_defaults(func=run_save)

    p = qsub.add_parser("initiative", help="roll initiative for every token, as combat starts")
    _dice_args(p)
    p.set_defaults(func=run_initiative)


def _strict_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--strict", action="store_true",
                   help="no GM override: what the rules refuse exits 2 with its sentence")


_dice_args = dice_args


def _state(s: Session, token_id: str) -> dict[str, Any]:
    t = s.token(token_id)
    c = s.combatant(token_id)
    return {"token": token_id, "hp": c.hp, "state": s.system.hp_state(c),
            "conditions": [x.name for x in t.conditions]}


def _options(pairs: list[str]) -> dict[str, str]:
    """KEY=VALUE pairs; the session checks them against the system's choices."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise CliError(f"--option takes KEY=VALUE, not '{pair}'.")
        out[key.strip()] = value.strip()
    return out


def _gm_mods(pairs: list[str]) -> list[Modifier]:
    """N:LABEL pairs: the GM's own modifiers, each with its label."""
    out = []
    for pair in pairs:
        value, colon, label = pair.partition(":")
        try:
            n = int(value)
        except ValueError:
            n = 0
        if not colon or not label.strip() or not n:
            raise CliError(f"--gm-mod takes N:LABEL with N a whole number other than 0, "
                           f"not '{pair}'.")
        out.append(gm_modifier(n, label.strip()))
    return out


def run_attack(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    token_or_fail(enc, args.attacker)
    token_or_fail(enc, args.target)
    options = _options(args.option)
    extra = _gm_mods(args.gm_mod)
    s = session_or_fail(enc, args.seed)
    if args.strict:
        payments = s.economy.full_attack if args.full_attack else (s.economy.attack,)
        _refuse(s.strict_refusal(args.attacker, payments, said("what.attack")))
    try:
        out = s.attack(args.attacker, args.target, weapon=args.weapon,
                       full_attack=args.full_attack, kind=args.kind, forced=args.roll,
                       gm_override=not args.strict, options=options, oa=args.oa,
                       oa_forced=args.oa_roll, extra=extra, advantage=args.edge)
    except (ForcedDieError, EngineError) as err:
        _said(err, args.strict)
    res = out.result
    if args.strict and (why := unrolled(res)):
        _refuse(said("text.commas", parts=why))
    print_json({
        "attacker": res.attacker, "target": res.target, "weapon": res.weapon,
        "situation": out.situation.model_dump(mode="json"),
        "attacks": [a.model_dump(mode="json") for a in res.attacks],
        "notes": res.notes, "total_damage": res.total_damage,
        "damage_taken": out.damage_taken,
        "hp_changes": [h.model_dump(mode="json") for h in out.hp_changes],
        "target_after": _state(s, args.target),
        "out_of_reach": not out.situation.in_reach,
        "provokes": [{"by": p.by, "why": p.why} for p in out.provokes],
        "opportunity_attacks": [r.model_dump(mode="json") for r in out.opportunity_attacks],
        "stopped_early": out.stopped_early,
        "log": _log_line(s.log.entries[-1]),
    })
    return 0


def _refuse(why: Message | str | None) -> None:
    """`--strict`: the rules' refusal, as the one sentence a refused command exits with."""
    if why:
        text = str(why)
        raise CliError(f"refused: {text}{'' if text.endswith('.') else '.'}")


def _said(err: Exception, strict: bool) -> NoReturn:
    """A command's error as the CLI's one sentence; under --strict a refusal says so."""
    if isinstance(err, ForcedDieError):
        raise CliError(f"{err}.") from None
    if strict and isinstance(err, Refused):
        _refuse(str(err))
    raise CliError(str(err)) from None


def _option_value(text: str) -> Any:
    """A manoeuvre detail as the rules read it: a yes/no, a number, or the words."""
    low = text.lower()
    if low in ("yes", "true", "oui"):
        return True
    if low in ("no", "false", "non"):
        return False
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def _manoeuvre_id(system: Any, asked: str) -> str:
    """The system's manoeuvre named by `asked`: its id, or its name in either language,
    spaces, hyphens and underscores alike; as given when none matches (the session then
    refuses it, listing the system's manoeuvres)."""
    from battlemap.text import words

    def norm(text: str) -> str:
        return " ".join(text.casefold().replace("_", " ").replace("-", " ").split())

    wanted = norm(asked)
    for name in system.manoeuvres():
        label = system.manoeuvre_label(name)
        if wanted in {norm(name), *(norm(words(label, lang)) for lang in ("en", "fr"))}:
            return str(name)
    return asked


def run_manoeuvre(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    token_or_fail(enc, args.attacker)
    token_or_fail(enc, args.target)
    options = {k: _option_value(v) for k, v in _options(args.option).items()}
    if args.weapon is not None:
        options["weapon"] = args.weapon
    extra = _gm_mods(args.gm_mod)
    s = session_or_fail(enc, args.seed)
    name = _manoeuvre_id(s.system, args.kind)
    try:
        if args.strict:
            _refuse(s.manoeuvre_refusal(name, args.attacker, args.target, options))
        res = s.manoeuvre(name, args.attacker, args.target, forced=args.roll,
                          gm_override=not args.strict, defender_choice=args.defender_choice,
                          oa=args.oa, oa_forced=args.oa_roll, extra=extra, **options)
    except (ForcedDieError, EngineError) as err:
        _said(err, args.strict)
    except (KeyError, ValueError) as err:  # a detail the rules could not read
        raise CliError(f"cannot make this {args.kind}: {err}.") from None
    entry = s.log.entries[-1] if s.log.entries else None
    blow = None
    if getattr(res, "charge_blow", False):  # the attack that ends the charge, as it would be
        try:
            blow = s.charge_blow(args.attacker, args.target, args.weapon, forced=args.blow_roll)
        except ForcedDieError as err:
            raise CliError(f"{err}.") from None
    print_json({"attacker": args.attacker, "target": args.target, "kind": name,
                **res.model_dump(mode="json"),
                **({} if blow is None else {"blow": [a.model_dump(mode="json")
                                                     for a in blow.attacks]}),
                "attacker_after": _state(s, args.attacker),
                "target_after": _state(s, args.target),
                "log": _log_line(entry) if entry is not None and entry.kind == "manoeuvre"
                else None})
    return 0


def run_save(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    token_or_fail(enc, args.token)
    s = session_or_fail(enc, args.seed)
    source: Any = None
    if args.source is not None:
        source = (pair_or_fail(args.source, "--from") if "," in args.source
                  else token_or_fail(enc, args.source).id)
    try:
        sit = s.save_situation(args.token, source)
        res = s.save_throw(args.token, args.ability, args.dc, forced=args.roll, situation=sit)
    except ForcedDieError as err:
        raise CliError(f"{err}.") from None
    except (EngineError, KeyError, ValueError) as err:
        raise CliError(f"cannot roll a '{args.ability}' save: {err}") from None
    cover = {} if source is None else {"from": args.source, "cover": sit.cover}
    print_json({**res.model_dump(mode="json"), **cover, "token_after": _state(s, args.token),
                "log": _log_line(s.log.entries[-1])})
    return 0


def _log_line(entry: Any) -> dict[str, str]:
    """The entry's summary in both languages, as the JSON has always shown it."""
    return {"fr": entry.said("fr"), "en": entry.said("en")}


def run_initiative(args: argparse.Namespace) -> int:
    """The order combat starts in: each token's roll, modifiers and score, best first."""
    enc = load_or_fail(args.file)
    s = session_or_fail(enc, args.seed)
    try:
        entries = s.roll_initiative(forced=args.roll)
    except ForcedDieError as err:
        raise CliError(f"{err}.") from None
    print_json({"entries": [e.model_dump(mode="json") for e in entries],
                "log": _log_line(s.log.entries[-1])})
    return 0
