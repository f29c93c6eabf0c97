"""The fixed set of CLI commands whose output must not change when the code moves: every
`query` form on every bundled demo, `check`, `import` of the Universal VTT samples and of a
small picture, `render` of each demo (GM, players, players with fog), and a few refusals.

Each case is (name, argv); `{demo:NAME}`, `{sample:NAME}`, `{picture}` and `{out}` are filled
in by the runner. The goldens are made by `python -m tests.golden.make` (see its docstring)."""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEMOS = REPO / "assets" / "demo"
SAMPLES = REPO.parent / "shared" / "uvtt-samples"

SAMPLE_NAMES = ("dd2vtt_importer-test-v0.3.dd2vtt", "uvtt2fgu-sampleMap-cropped-v0.3.dd2vtt",
                "uvtt2fgu-sampleMap-v0.2.dd2vtt")


def _demo_files() -> list[Path]:
    return sorted(DEMOS.glob("*.json"))


def _tokens(demo: Path) -> tuple[list[str], list[str]]:
    data = json.loads(demo.read_text(encoding="utf-8"))
    party = [t["id"] for t in data["tokens"] if t.get("side") == "party"]
    foes = [t["id"] for t in data["tokens"] if t.get("side") != "party"]
    return party, foes


def _token_square(demo: Path, tid: str) -> tuple[int, int]:
    data = json.loads(demo.read_text(encoding="utf-8"))
    tok = next(t for t in data["tokens"] if t["id"] == tid)
    pos = tok.get("position") or [tok.get("col"), tok.get("row")]
    return int(pos[0]), int(pos[1])


_SAVE_WORD = {"breche35": "reflex", "dnd2024": "dex", "adnd2bis": "breath", "pmt": "breath"}


def _manoeuvres(system: str) -> list[str]:
    from battlemap.rules.core.system import get_system

    return list(get_system(system).manoeuvres())


def _ruling_cases(d: str, f: str, system: str, party: list[str],
                  foes: list[str]) -> list[tuple[str, list[str]]]:
    """The rulings asked apart from the geometry: manoeuvres, falls, casting, disengaging,
    a save's cover from its source, and `--strict`."""
    out: list[tuple[str, list[str]]] = []
    dice = ["--roll", "15", "4", "3", "2", "6", "5"]
    for i, name in enumerate(_manoeuvres(system)):
        out.append((f"{d}.manoeuvre.{i}", ["query", f, "manoeuvre", party[0], foes[0],
                                           "--kind", name, *dice, "--seed", "2"]))
    out.append((f"{d}.manoeuvre-unknown", ["query", f, "manoeuvre", party[0], foes[0],
                                           "--kind", "somersault"]))
    out.append((f"{d}.manoeuvre-strict", ["query", f, "manoeuvre", party[0], foes[0],
                                          "--kind", _manoeuvres(system)[0], "--strict"]))
    out.append((f"{d}.attack-strict", ["query", f, "attack", party[0], foes[0], "--strict",
                                       "--seed", "4"]))
    out.append((f"{d}.path-strict", ["query", f, "path", party[0], "0,0", "--strict"]))
    out.append((f"{d}.fall.{party[0]}", ["query", f, "fall", party[0], "--height", "7",
                                         "--roll", "4", "5"]))
    out.append((f"{d}.fall-short.{party[0]}", ["query", f, "fall", party[0], "--height",
                                               "2"]))
    for tid in party:
        out.append((f"{d}.cast.{tid}", ["query", f, "cast", tid, "--roll", "12"]))
    out.append((f"{d}.concentration.{party[0]}",
                ["query", f, "cast", party[0], "--damage", "5", "--spell-level", "2",
                 "--roll", "14"]))
    for tid in (party[0], foes[0]):
        out.append((f"{d}.disengage.{tid}", ["query", f, "disengage", tid, "--roll", "12"]))
    for where, source in (("token", foes[0]), ("point", "10,8")):
        out.append((f"{d}.save-from-{where}", ["query", f, "save", party[0], "--ability",
                                               _SAVE_WORD[system], "--dc", "14", "--roll",
                                               "9", "--from", source]))
    return out


def cases() -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for demo in _demo_files():
        d = demo.stem
        system = json.loads(demo.read_text(encoding="utf-8"))["system"]
        f = f"{{demo:{demo.name}}}"
        party, foes = _tokens(demo)
        out.append((f"{d}.check", ["check", f]))
        everyone = party + foes
        for a in party:
            for t in foes:
                out.append((f"{d}.cover.{a}.{t}", ["query", f, "cover", a, t]))
                out.append((f"{d}.cover-melee.{a}.{t}", ["query", f, "cover", "--melee", a, t]))
                out.append((f"{d}.flanking.{a}.{t}", ["query", f, "flanking", a, t]))
        for t in foes[:3]:
            for a in party[:2]:
                out.append((f"{d}.cover.{t}.{a}", ["query", f, "cover", t, a]))
                out.append((f"{d}.flanking.{t}.{a}", ["query", f, "flanking", t, a]))
        for tid in everyone:
            out.append((f"{d}.threatened.{tid}", ["query", f, "threatened", tid]))
        out.append((f"{d}.threatened-reach.{party[0]}",
                    ["query", f, "threatened", "--reach", "3", party[0]]))
        out.append((f"{d}.threatened-weapon.{party[0]}",
                    ["query", f, "threatened", "--reach", "3", "--reach-weapon", party[0]]))
        shapes = [
            ("sphere", ["--origin", "10,8", "--size", "6"]),
            ("sphere", ["--origin", "10.5,8.5", "--size", "4.5"]),
            ("cylinder", ["--origin", "8,6", "--size", "3"]),
            ("cone", ["--origin", "8,8", "--size", "9", "--direction", "0"]),
            ("cone", ["--origin", "8,8", "--size", "7.5", "--direction", "30"]),
            ("cone", ["--origin", party[0], "--size", "4.5", "--direction", "0"]),
            ("line", ["--origin", "6,6", "--size", "18", "--direction", "0"]),
            ("line", ["--origin", "6,6", "--size", "12", "--direction", "45", "--width", "3"]),
            ("line", ["--origin", "6,6", "--size", "9", "--direction", "90", "--flip"]),
            ("cube", ["--origin", "9,9", "--size", "4.5", "--direction", "0"]),
            ("cube", ["--origin", party[1], "--size", "3", "--direction", "90", "--flip"]),
            ("emanation", ["--origin", foes[0], "--size", "3"]),
            ("emanation", ["--origin", foes[0], "--size", "3", "--include-origin"]),
        ]
        for i, (shape, extra) in enumerate(shapes):
            out.append((f"{d}.area.{i}.{shape}", ["query", f, "area", "--shape", shape, *extra]))
            if i in (0, 3, 6):
                for method in ("dnd35", "half", "touch", "center"):
                    out.append((f"{d}.area.{i}.{shape}.{method}",
                                ["query", f, "area", "--shape", shape, *extra,
                                 "--method", method]))
        for a in party[:3]:
            c, r = _token_square(demo, a)
            routes = [[f"{c + 1},{r}", f"{c + 2},{r}", f"{c + 3},{r + 1}", f"{c + 4},{r + 1}"],
                      [f"{c + 1},{r + 1}"],
                      [f"{c},{r - 1}", f"{c + 1},{r - 2}", f"{c + 2},{r - 2}"]]
            for j, route in enumerate(routes):
                out.append((f"{d}.path.{a}.{j}", ["query", f, "path", a, *route]))
                for kind in ("step", "withdraw", "charge", "run"):
                    if j < 2:
                        out.append((f"{d}.path-{kind}.{a}.{j}",
                                    ["query", f, "path", "--kind", kind, a, *route]))
            out.append((f"{d}.path-speed.{a}", ["query", f, "path", "--speed", "3", a,
                                                *routes[0]]))
        for k, (a, t) in enumerate([(p, q) for p in party[:2] for q in foes[:3]]):
            out.append((f"{d}.attack.{a}.{t}", ["query", f, "attack", "--seed", str(k + 1), a, t]))
            out.append((f"{d}.attack-roll.{a}.{t}",
                        ["query", f, "attack", a, t, "--roll", "17", "4", "3", "2"]))
            out.append((f"{d}.attack-ranged.{a}.{t}",
                        ["query", f, "attack", "--kind", "ranged", "--seed", str(k + 5), a, t]))
            out.append((f"{d}.attack-full.{a}.{t}",
                        ["query", f, "attack", "--full-attack", "--seed", "7", a, t]))
            out.append((f"{d}.attack-oa.{t}.{a}",
                        ["query", f, "attack", t, a, "--oa", "resolve", "--seed", str(k + 3),
                         "--oa-roll", "15", "6"]))
        for kind in ("ranged", "melee_touch", "ranged_touch"):
            out.append((f"{d}.attack-{kind}", ["query", f, "attack", "--kind", kind, "--seed",
                                               "11", party[0], foes[0]]))
        for tid in everyone[:4]:
            out.append((f"{d}.save.{tid}", ["query", f, "save", "--ability", _SAVE_WORD[system],
                                            "--dc", "14", "--seed", "5", tid]))
            out.append((f"{d}.save-roll.{tid}", ["query", f, "save", tid, "--ability",
                                                 _SAVE_WORD[system], "--dc", "12",
                                                 "--roll", "9"]))
        out.append((f"{d}.save-bad", ["query", f, "save", "--ability", "nope", "--dc", "12",
                                      party[0]]))
        out.append((f"{d}.cover-unknown", ["query", f, "cover", party[0], "nobody"]))
        out.extend(_ruling_cases(d, f, system, party, foes))
        out.append((f"{d}.render", ["render", f, "-o", "{out}"]))
        out.append((f"{d}.render-player", ["render", f, "--player", "-o", "{out}",
                                           "--size", "800x600"]))
        out.append((f"{d}.render-fog", ["render", f, "--player", "--fog", "--player-hp",
                                        "bar", "-o", "{out}", "--size", "800x600"]))
    for name in SAMPLE_NAMES:
        for system in ("breche35", "dnd2024"):
            out.append((f"import.{name}.{system}",
                        ["import", f"{{sample:{name}}}", "--system", system, "-o", "{out}"]))
    out.append(("import.picture", ["import", "{picture}", "--pixels-per-square", "40",
                                   "--system", "pmt", "-o", "{out}"]))
    out.append(("import.picture-offset", ["import", "{picture}", "--pixels-per-square", "32",
                                          "--offset", "8", "4", "-o", "{out}"]))
    out.append(("check.picture", ["check", "{picture}"]))
    out.append(("check.sample", ["check", f"{{sample:{SAMPLE_NAMES[0]}}}"]))
    return out
