"""The rulings geometry explains, in English and in French (RULES.md §5: the French words
are each system's own). One template per message id; both languages are filled from the
same parameters, so they can never say different things (the mechanism: model/words.py).

English stays the canonical text (tests and the CLI JSON read it); a `Said` is that English
string carrying its French twin in `.fr`, so functions that returned a str still do."""

from __future__ import annotations

from typing import Any

from battlemap.model.words import Said, Templates, french, number, register, render

__all__ = ["TEMPLATES", "Said", "french", "number", "render", "say"]

TEMPLATES: Templates = register({
    # cover (000 "Couverture partielle / totale", 001 "Modificateurs de Couverture",
    # 003 "L'abri")
    "cover.total": {
        "en": "total cover: no straight line from the attacker's space reaches the target's",
        "fr": "{total} : aucune ligne droite ne relie l'espace de l'attaquant à celui de la cible",
    },
    "cover.lines": {
        "en": "{name} cover: corner ({x},{y}) to square ({c},{r}): {n} of 4 lines blocked",
        "fr": "{name} : coin ({x},{y}) vers la case ({c},{r}) : {n} {lines_fr} sur 4",
    },
    "cover.by": {"en": " by {names}", "fr": " par {names}"},
    "cover.hidden": {"en": "; {pct}% of the target hidden", "fr": " ; cible cachée à {pct} %"},
    "cover.obstacle": {
        "en": "; in melee an obstacle (wall corner, pillar) in the way gives 25% cover "
              "(001 \"Modificateurs de Couverture\", note)",
        "fr": " ; en mêlée, un obstacle (coin de mur, pilier) sur le chemin de l'attaque "
              "confère une couverture de 25 % (001 « Modificateurs de Couverture », nota)",
    },
    # flanking (000 "Tenaille", 001 "Flanking")
    "flank.off": {"en": "flanking is off for this encounter",
                  "fr": "{flanking} : désactivée pour cette rencontre"},
    "flank.no_threat": {"en": "{a} does not threaten {t} from where it stands",
                        "fr": "{a} ne menace pas {t} depuis sa position"},
    "flank.yes": {"en": "{t} is flanked by {a} and {partners}",
                  "fr": "{flanking} : {t} est pris entre {a} et {partners}"},
    "flank.no": {"en": "no ally of {a} stands opposite across {t}",
                 "fr": "aucun allié {a:de} ne se tient à l'opposé, de l'autre côté {t:de}"},
    "flank.pair": {"en": "{t} is flanked by {a} and {partners}: every attacker has the bonus",
                   "fr": "{flanking} : {t} est pris entre {a} et {partners} ; tout attaquant "
                         "en profite"},
    "flank.no_pair": {"en": "no two foes of {t} threaten it from opposite squares beside it",
                      "fr": "aucune paire d'adversaires {t:de} ne le menace depuis des cases "
                            "opposées qui le jouxtent"},
    # path steps and moves
    "step.not_next": {"en": "({bc},{br}) is not next to ({ac},{ar})",
                      "fr": "la case ({bc},{br}) n'est pas voisine de ({ac},{ar})"},
    "step.off_grid": {"en": "({bc},{br}) is off the grid",
                      "fr": "la case ({bc},{br}) est hors de la grille"},
    "step.wall": {"en": "a wall, closed door or window is in the way from ({ac},{ar})",
                  "fr": "un mur, une porte fermée ou une fenêtre barre le passage depuis "
                        "({ac},{ar})"},
    "step.too_big": {"en": "{o} is too big to share its square",
                     "fr": "{o} est trop grand pour partager sa case"},
    "step.enemy": {"en": "{o}'s space is an enemy's",
                   "fr": "l'espace {o:de} est celui d'un ennemi"},
    "step.end_shared": {"en": "cannot end the move in {o}'s space",
                        "fr": "impossible de finir le déplacement dans l'espace {o:de}"},
    "move.step": {"en": "a {step_en} is one square ({source}): this one is {n} squares, "
                        "{cost} m",
                  "fr": "un {step} ne fait qu'une case ({source}) : celui-ci en fait {n}, "
                        "{cost} m"},
    "move.step_difficult": {
        "en": "a {step_en} covers 1.5 m and difficult terrain costs double ({source}): "
              "({c}, {r}) costs {cost} m",
        "fr": "un {step} couvre 1,5 m et le terrain difficile coûte double ({source}) : "
              "({c}, {r}) coûte {cost} m"},
    "move.charge": {"en": "a charge goes in a straight line over clear ground",
                    "fr": "une charge se fait en ligne droite sur un terrain dégagé"},
    "move.charge_short": {"en": "a charge covers at least {least} m ({cost} m here)",
                          "fr": "une charge parcourt au moins {least} m (ici {cost} m)"},
    "move.run_straight": {"en": "a run goes in a straight line",
                          "fr": "une course se fait en ligne droite"},
    "move.no_run": {"en": "no running in difficult terrain (001 \"Terrain difficile\")",
                    "fr": "pas de course en terrain difficile (001 « Terrain difficile »)"},
    "move.too_far": {"en": "the move costs {cost} m, more than the {limit} m allowed",
                     "fr": "le déplacement coûte {cost} m, plus que les {limit} m permis"},
    # opportunity attacks (000 "Attaques d'opportunité", 001 "Opportunity Attacks")
    "oa.leaves_threat": {"en": "leaves a square it threatens",
                         "fr": "quitte une case qu'il menace"},
    "oa.leaves_reach": {"en": "leaves its reach", "fr": "quitte son allonge"},
    "oa.leaves_zone": {"en": "leaves its zone of control",
                       "fr": "quitte sa zone de contrôle"},
    "oa.enters": {"en": "tries to enter its square", "fr": "tente d'entrer dans sa case"},
    "oa.step_in_zone": {"en": "takes a 5' step in its zone of control",
                        "fr": "fait un pas de placement (5') dans sa zone de contrôle"},
    "oa.within_reflexes": {"en": "moves in its zone of control (Offensive Reflexes)",
                           "fr": "se déplace dans sa zone de contrôle (Offensive Reflexes)"},
    # areas of effect: why a square is in
    "area.far_corner": {"en": "far corner {d} m from the origin",
                        "fr": "coin le plus éloigné à {d} m de l'origine"},
    "area.centre": {"en": "square centre inside", "fr": "centre de la case dans la zone"},
    "area.coverage": {"en": "{pct}% of the square covered", "fr": "case couverte à {pct} %"},
    # areas of effect: why a square the shape reaches is left out (RULES.md §1)
    "area.cut": {"en": "left out: no line of effect from the origin",
                 "fr": "hors de la zone : pas de ligne d'effet depuis l'origine"},
    "area.cut_wall": {"en": "left out: {what} {ends} stops the line from the origin",
                      "fr": "hors de la zone : {what_fr} {ends} coupe la ligne depuis l'origine"},
    "area.cut_joint": {"en": "left out: the line from the origin passes through {at}, between "
                             "{what} that meet there",
                       "fr": "hors de la zone : la ligne depuis l'origine passe par {at}, entre "
                             "{what_fr} qui s'y rejoignent"},
})

# What blocks a line, in French; token ids stay as they are.
_BLOCKERS_FR = {"wall": "mur", "door": "porte", "window": "fenêtre"}
# A piece that stops an area, named (the closed door) or counted (a wall and two windows).
_PIECE = {"en": {"wall": "the wall", "door": "the closed door", "window": "the window"},
          "fr": {"wall": "le mur", "door": "la porte fermée", "window": "la fenêtre"}}
_SOME = {"en": {"wall": ("a wall", "walls"), "door": ("a closed door", "closed doors"),
                "window": ("a window", "windows")},
         "fr": {"wall": ("un mur", "murs"), "door": ("une porte fermée", "portes fermées"),
                "window": ("une fenêtre", "fenêtres")}}
_COUNT = {"en": {2: "two", 3: "three", 4: "four"}, "fr": {2: "deux", 3: "trois", 4: "quatre"}}

# RULES.md §5: each system's own cover noun, by level ("couverture": 000, 001; "abri": 003;
# "couvert": 004), the policy's `cover_nouns`.
_COVER_FR: dict[str, dict[str, str]] = {
    "couverture": {"none": "pas de couverture", "partial": "couverture partielle",
                   "total": "couverture totale"},
    "abri": {"none": "pas d'abri", "half": "abri partiel",
             "three_quarters": "abri supérieur", "total": "abri total"},
    "couvert": {"none": "pas de couvert", "half": "couvert partiel",
                "three_quarters": "couvert important", "total": "couvert total"},
}
# The step by the policy's `step_length`: its names (fr, en), where it is one square, and why
# difficult terrain is out of its reach.
_STEP = {
    "1.5 m": ("pas de placement (1,5 m)", "1.5 m step",
              '000 "Le round de combat": "un pas de placement de 1,5 m"',
              'RULES.md §2 "difficult terrain", the 3.5 rule; 000 is silent'),
    "5'": ("pas de placement (5')", "5' step",
           '001 "Opportunity Attacks et Désengagement": "5′ step"',
           '001 "Vitesses de déplacement en combat": "Terrain Difficile : -50%"'),
}


def say(key: str, lang: str, **params: Any) -> str:
    """The message `key` in `lang`; float parameters are written the reader's way."""
    return render(TEMPLATES, key, lang, **params)


def blockers_fr(names: list[str]) -> str:
    return ", ".join(_BLOCKERS_FR.get(n, n) for n in names)


def piece_name(kind: str, lang: str) -> str:
    """A wall, closed door or window with its article: "the closed door", "la fenêtre"."""
    return _PIECE[lang].get(kind, kind)


def pieces_meeting(kinds: list[str], lang: str) -> str:
    """The pieces meeting at a point, by kind: "a wall and a closed door", "two walls"."""
    parts = []
    for kind in sorted(set(kinds)):
        one, many = _SOME[lang].get(kind, (kind, kind))
        n = kinds.count(kind)
        parts.append(one if n == 1 else f"{_COUNT[lang].get(n, str(n))} {many}")
    return (" and " if lang == "en" else " et ").join(parts)


def cover_name(level: str, nouns: str, lang: str) -> str:
    """`level` as a noun phrase, in the system's `nouns` (the policy's `cover_nouns`):
    "half" → "half" / "abri partiel" ("abri")."""
    if lang != "fr":
        name = "no" if level == "none" else level.replace("_", "-")
        return name + "%" if level[0].isdigit() else name
    known = _COVER_FR.get(nouns, {}).get(level)
    if known:
        return known
    if level[0].isdigit():
        return f"couverture {level} %"
    return _COVER_FR["couverture"].get(level, f"couverture ({level})")


def step_refusal(step_length: str, squares: int, cost_m: float,
                 difficult_at: tuple[int, int] | None = None) -> Said:
    """Why a step is no step: more than one square, or one square of difficult terrain
    (which costs 3 m of the step's 1.5 m), with the system's source."""
    step_fr, step_en, length, terrain = _STEP.get(step_length, _STEP["1.5 m"])
    words = {"step": step_fr, "step_en": step_en, "cost": float(cost_m)}
    if difficult_at is not None:
        c, r = difficult_at
        return Said(say("move.step_difficult", "en", source=terrain, c=c, r=r, **words),
                    say("move.step_difficult", "fr", source=terrain, c=c, r=r, **words))
    return Said(say("move.step", "en", source=length, n=squares, **words),
                say("move.step", "fr", source=length, n=squares, **words))


def cover_text(level: str, nouns: str, corner: tuple[float, float],
               square: tuple[int, int], n_blocked: int, names: list[str],
               hidden: float | None, obstacle: bool = False) -> Said:
    """The cover ruling in both languages (DESIGN.md §4.4: level, corner, lines, blockers)."""
    if level == "total":
        return Said(say("cover.total", "en"),
                    say("cover.total", "fr", total=cover_name("total", nouns, "fr")))
    where = {"x": f"{corner[0]:g}", "y": f"{corner[1]:g}", "c": square[0], "r": square[1],
             "n": n_blocked, "lines_fr": "ligne bloquée" if n_blocked < 2 else "lignes bloquées"}
    en = say("cover.lines", "en", name=cover_name(level, nouns, "en"), **where)
    fr = say("cover.lines", "fr", name=cover_name(level, nouns, "fr"), **where)
    if names:
        en += say("cover.by", "en", names=", ".join(names))
        fr += say("cover.by", "fr", names=blockers_fr(names))
    if hidden is not None:
        en += say("cover.hidden", "en", pct=round(hidden * 100))
        fr += say("cover.hidden", "fr", pct=round(hidden * 100))
    if obstacle:
        en += say("cover.obstacle", "en")
        fr += say("cover.obstacle", "fr")
    return Said(en, fr)


def area_why(lang: str, coverage: float | None, distance_m: float | None,
             centre: bool = False) -> str:
    """Why a square is in an area: its 3.5 distance, its centre, or its covered share.
    Called once per square: formats its template directly, no parameter pass."""
    if distance_m is not None:
        return TEMPLATES["area.far_corner"][lang].format(d=number(distance_m, lang))
    if centre:
        return TEMPLATES["area.centre"][lang]
    return TEMPLATES["area.coverage"][lang].format(pct=round((coverage or 0.0) * 100))
