"""The rulings geometry explains, as messages (battlemap/text): the catalogue holds every
language's template; a system's own words (its cover nouns, its name for flanking and for the
step, docs/rules/README.md#words-on-screen) are keys of its words fragment, found through the policy's `words`."""

from __future__ import annotations

from battlemap.geometry.policy import GeometryPolicy
from battlemap.text import Message, pick

__all__ = ["area_why", "blocker", "cover_name", "cover_text", "own", "pieces_meeting",
           "step_refusal"]


def own(policy: GeometryPolicy, key: str) -> str:
    """The system's own key for `key` when its words define one, else the common key."""
    return pick(f"{policy.words}.{key}", key) if policy.words else key


def blocker(name: str) -> str:
    """What blocks a line: a wall, door or window by its kind's word; a token by its id."""
    return Message.of(f"blocker.{name}") if name in ("wall", "door", "window") else name


def piece_name(kind: str) -> str:
    """A wall, closed door or window with its article: "the closed door", "la fenêtre"."""
    return Message.of(f"piece.{kind}") if kind in ("wall", "door", "window") else kind


def pieces_meeting(kinds: list[str]) -> Message:
    """The pieces meeting at a point, by kind: "a wall and a closed door", "two walls"."""
    parts: list[str] = []
    for kind in sorted(set(kinds)):
        n = kinds.count(kind)
        known = kind in ("wall", "door", "window")
        if n == 1:
            parts.append(Message.of(f"pieces.one.{kind}") if known else kind)
        else:
            count = Message.of(f"count.{n}") if 2 <= n <= 4 else str(n)
            parts.append(Message.of("pieces.counted", n=count,
                                    many=Message.of(f"pieces.many.{kind}") if known else kind))
    return Message.of("pieces.meeting", parts=parts)


def cover_name(level: str, policy: GeometryPolicy | None = None) -> Message:
    """`level` as a noun phrase in the system's words: "half" / « abri partiel »."""
    if level[0].isdigit():
        return Message.of("cover.name.percent", pct=level)
    key = f"cover.name.{level}"
    return Message.of(own(policy, key) if policy is not None else key)


def step_refusal(policy: GeometryPolicy, squares: int, cost_m: float,
                 difficult_at: tuple[int, int] | None = None) -> Message:
    """Why a step is no step: more than one square, or one square of difficult terrain
    (which costs 3 m of the step's 1.5 m), with the system's source."""
    step = Message.of(own(policy, "step.name"))
    if difficult_at is not None:
        c, r = difficult_at
        return Message.of("move.step_difficult", step=step, source=policy.step_terrain_source,
                          c=c, r=r, cost=float(cost_m))
    return Message.of("move.step", step=step, source=policy.step_source, n=squares,
                      cost=float(cost_m))


def cover_text(level: str, policy: GeometryPolicy, corner: tuple[float, float],
               square: tuple[int, int], n_blocked: int, names: list[str],
               hidden: float | None, obstacle: bool = False, capped: bool = False) -> Message:
    """The cover ruling (docs/architecture.md#cover: level, corner, lines, blockers)."""
    if level == "total":
        return Message.of("cover.total", total=cover_name("total", policy))
    lines = Message.of("cover.lines_blocked.one" if n_blocked < 2 else "cover.lines_blocked.many")
    parts: list[Message] = [Message.of("cover.lines", name=cover_name(level, policy),
                                   x=f"{corner[0]:g}", y=f"{corner[1]:g}", c=square[0],
                                   r=square[1], n=n_blocked, lines=lines)]
    if names:
        parts.append(Message.of("cover.by", names=Message.of(
            "text.commas", parts=[blocker(n) for n in names])))
    if hidden is not None:
        parts.append(Message.of("cover.hidden", pct=round(hidden * 100)))
    if obstacle:
        parts.append(Message.of("cover.obstacle"))
    if capped:
        # The one cap there is: 2bis option `creature_cover_cap`, 50 % (cover/levels.py).
        parts.append(Message.of("cover.creatures_capped", name=cover_name("50", policy)))
    return Message.of("text.cat", parts=parts) if len(parts) > 1 else parts[0]


def area_why(coverage: float | None, distance_m: float | None, centre: bool = False) -> Message:
    """Why a square is in an area: its 3.5 distance, its centre, or its covered share."""
    if distance_m is not None:
        return Message.of("area.far_corner", d=float(distance_m))
    if centre:
        return Message.of("area.centre")
    return Message.of("area.coverage", pct=round((coverage or 0.0) * 100))
