"""Words the log and the engine's rulings use, in both languages.

The engine's refusals and preview lines are English (tests and the CLI read them) with their
French twin built from the same template: a `Said` (see geometry/words.py) carries both, and
`Refused.reason_fr`, `MovePreview.reason_fr`/`explanation_fr`, `AttackPreview.…_fr` hold
the French for the UI."""

from __future__ import annotations

from typing import Any

from battlemap.engine.log_text import shape_word
from battlemap.model.words import Said, french, register, render

OUTCOME_WORDS = {
    "fr": {"hit": "touché", "miss": "raté", "critical": "coup critique", "fumble": "maladresse",
           "no_target": "pas de cible", "auto_hit": "touché d'office"},
    "en": {"hit": "hit", "miss": "miss", "critical": "critical hit", "fumble": "fumble",
           "no_target": "no target", "auto_hit": "automatic hit"},
}

ENGINE_TEMPLATES = register({
    # Undo steps, as the Undo / Redo buttons name them ("Annuler : attaque contre Goule").
    "step.spend": {"en": "Spend {slot}", "fr": "dépense ({slot})"},
    "step.place_area": {"en": "Place {shape}", "fr": "poser le gabarit {shape}"},
    "step.move_area": {"en": "Move {shape}", "fr": "déplacer le gabarit {shape}"},
    "step.remove_area": {"en": "Remove {shape}", "fr": "retirer le gabarit {shape}"},
    "step.apply_area": {"en": "Apply {shape}", "fr": "appliquer le gabarit {shape}"},
    "step.attack": {"en": "Attack {name}", "fr": "attaque contre {name}"},
    "step.manoeuvre": {"en": "{what} {name}", "fr": "{what} contre {name}"},
    "step.save": {"en": "Save {name}", "fr": "jet de sauvegarde {name:de}"},
    "step.damage": {"en": "Damage {name}", "fr": "dégâts à {name}"},
    "step.heal": {"en": "Heal {name}", "fr": "soins à {name}"},
    "step.add_condition": {"en": "{condition} on {name}", "fr": "{condition} sur {name}"},
    "step.remove_condition": {"en": "Remove {condition} from {name}",
                              "fr": "fin de « {condition} » pour {name}"},
    "step.add_token": {"en": "Add {name}", "fr": "ajouter {name}"},
    "step.remove_token": {"en": "Remove {name}", "fr": "retirer {name}"},
    "step.edit_token": {"en": "Edit {name}", "fr": "modifier {name}"},
    "step.add_wall": {"en": "Add {kind}", "fr": "tracer : {kind}"},
    "step.remove_wall": {"en": "Remove wall", "fr": "effacer un mur"},
    "step.open": {"en": "Open {kind}", "fr": "ouvrir : {kind}"},
    "step.close": {"en": "Close {kind}", "fr": "fermer : {kind}"},
    "step.terrain_on": {"en": "Difficult terrain", "fr": "terrain difficile"},
    "step.terrain_off": {"en": "Clear terrain", "fr": "effacer le terrain difficile"},
    "step.options": {"en": "Change options", "fr": "changer les options"},
    "step.grid": {"en": "Resize grid", "fr": "redimensionner la grille"},
    "step.move": {"en": "Move {name}", "fr": "déplacement {name:de}"},
    "step.surprise": {"en": "Start combat (surprise)", "fr": "début du combat (surprise)"},
    "step.initiative": {"en": "Roll initiative", "fr": "jet d'initiative"},
    "step.set_initiative": {"en": "Initiative of {name}", "fr": "initiative {name:de}"},
    "step.reorder": {"en": "Reorder initiative", "fr": "réordonner l'initiative"},
    "step.next_turn": {"en": "Next turn", "fr": "tour suivant"},
    "step.delay": {"en": "Delay {name}", "fr": "{name} retarde son action"},
    "refused.out_of_reach": {"en": "{t} is out of reach of {a} ({d} m).",
                             "fr": "{t} est hors d'allonge pour {a} ({d} m)."},
    "refused.move_there": {"en": "{name} cannot move there: {reason}.",
                           "fr": "{name} ne peut pas aller là : {reason}."},
    "refused.move": {"en": "{name} cannot move: {problem}.",
                     "fr": "{name} ne peut pas se déplacer : {problem}."},
    "refused.no_slot": {"en": "{name} has no {slots} left this turn for {what}.",
                        "fr": "{name} n'a plus de {slots} ce tour-ci pour {what}."},
    "what.attack": {"en": "this attack", "fr": "cette attaque"},
    "what.move": {"en": "this move", "fr": "ce déplacement"},
    # The defender's question on a manoeuvre that hit (004 "Manœuvres"), as the map asks it.
    "ask.defender": {"en": "{target} chooses: let the manoeuvre « {name} » happen, or take {n} "
                           "damage?",
                     "fr": "{target} choisit : laisser la manœuvre « {name} » s'effectuer, ou "
                           "subir {n} dommages ?"},
    "what.manoeuvre": {"en": "the {name}", "fr": "la manœuvre {name}"},
    "refused.oa_decision": {
        "en": "{what} by {name} provokes opportunity attacks from {names}: roll or skip them.",
        "fr": "{what} {name:de} provoque des attaques d'opportunité de {names} : les lancer "
              "ou les ignorer."},
    # An action whose author the opportunity attacks it provoked dropped (commands/provoke.py).
    "log.down_before": {"en": "{name} is down: {what} does not happen",
                        "fr": "{name} est hors de combat : {what} n'a pas lieu"},
    "note.not_tried": {"en": "{what}: not tried, its author is down",
                       "fr": "{what} : pas tentée, son auteur est hors de combat"},
    "what.spend": {"en": "spend {slot}", "fr": "dépenser {slot}"},
    # A move kind's {kind} is the system's own name for it (`move_kind`), quoted in French
    # since the systems' names have no article ("retrait", "se désengager", "Run (double move)").
    "problem.step_only": {
        "en": "a {kind} must be the only movement of the turn and one square",
        "fr": "« {kind} » doit être le seul déplacement du tour et d'une case"},
    "problem.after_step": {
        "en": "after a {kind} no other movement is allowed this turn",
        "fr": "après « {kind} », aucun autre déplacement ce tour-ci"},
    "problem.needs_action": {"en": "{kind} needs the action", "fr": "« {kind} » demande l'action"},
    "problem.no_charge": {"en": "this system has no charge", "fr": "ce système n'a pas de charge"},
    "problem.whole_turn": {"en": "a {kind} takes the whole turn",
                           "fr": "« {kind} » prend tout le tour"},
    "problem.charge_slots": {
        "en": "a {kind} needs the move action and the combat action, before any other movement",
        "fr": "« {kind} » demande l'action de mouvement et l'action de combat, avant tout autre "
              "déplacement"},
    "problem.barred_by": {"en": "cannot {kind} while {condition}",
                          "fr": "« {kind} » est impossible ({condition})"},
    "problem.too_far": {"en": "the move costs {cost} m and only {left} m are left",
                        "fr": "le déplacement coûte {cost} m et il ne reste que {left} m"},
    "preview.out_of_reach": {"en": "out of reach ({d} m)", "fr": "hors d'allonge ({d} m)"},
    "preview.total_cover": {"en": "total cover: no line of effect",
                            "fr": "{total} : aucune ligne d'effet"},
    "preview.over_budget": {"en": "costs {cost} m, {left} m left",
                            "fr": "coûte {cost} m, il reste {left} m"},
    "preview.cost": {"en": "{cost} m / {allow} m", "fr": "{cost} m / {allow} m"},
    "preview.oa": {"en": "{name}: opportunity attack when leaving {at}",
                   "fr": "{name} : attaque d'opportunité en quittant {at}"},
    # An area applied: who its shape reached but it spares, and why (RULES.md §1).
    # « Options modifiées » names each option changed, by its label, old → new.
    "log.options": {"en": "Options changed: {what}", "fr": "Options modifiées : {what}"},
    "log.option": {"en": "{label}: {old} → {new}", "fr": "{label} : {old} → {new}"},
    "area.spared": {"en": "; spared: {names}", "fr": " ; épargnés : {names}"},
    # The area's one line: per creature, its save and what it took ("Goule sauvegarde ratée
    # (9 contre DD 15), 14 dégâts (PV 22 → 8) ; Ogre réussie (17), 7 dégâts (PV 30 → 23)").
    "area.line": {"en": "Area {shape} ({id}): {who}{spared}",
                  "fr": "Zone {shape} ({id}) : {who}{spared}"},
    "area.save_dc": {"en": " save {ok} ({total} vs DC {dc})",
                     "fr": " sauvegarde {ok} ({total} contre DD {dc})"},
    "area.save_same_dc": {"en": " {ok} ({total})", "fr": " {ok} ({total})"},
    "area.save_table": {"en": " save {ok} ({total} vs {dc})",
                        "fr": " sauvegarde {ok} ({total} contre {dc})"},
    "area.save_table_next": {"en": " {ok} ({total} vs {dc})", "fr": " {ok} ({total} contre {dc})"},
    "area.saved": {"en": "succeeded", "fr": "réussie"},
    "area.failed": {"en": "failed", "fr": "ratée"},
    "area.damage": {"en": "{n} damage (HP {before} → {after})",
                    "fr": "{n} dégâts (PV {before} → {after})"},
    "area.damage_state": {"en": "{n} damage (HP {before} → {after}, {state})",
                          "fr": "{n} dégâts (PV {before} → {after}, {state})"},
    "area.no_damage": {"en": "no damage", "fr": "aucun dégât"},
    "area.nothing": {"en": "—", "fr": "—"},
    "area.no_corner": {
        "en": "no line of effect from the origin reaches a corner of its space",
        "fr": "aucune ligne d'effet depuis l'origine n'atteint un coin de son espace"},
    # A command that cannot run as asked (EngineError): one sentence the GM reads.
    "error.sentence": {"en": "{problem}.", "fr": "{problem}."},
    "error.no_file": {"en": "This encounter has no file yet: choose where to save it.",
                      "fr": "Cette rencontre n'a pas encore de fichier : choisissez où "
                            "l'enregistrer."},
    "error.duplicate_id": {"en": "A token with the id '{id}' is already on the map.",
                           "fr": "Un pion d'identifiant « {id} » est déjà sur la carte."},
    "error.id_fixed": {"en": "A token's id cannot be changed; remove it and add a new one.",
                       "fr": "L'identifiant d'un pion ne peut pas changer ; retirez-le et "
                             "ajoutez-en un nouveau."},
    "error.token_field": {"en": "Token '{id}': {where}: {msg}.",
                          "fr": "Pion « {id} » : {where} : {msg}."},
    "error.plain_wall": {"en": "Wall {i} is a plain wall, not a door or a window.",
                         "fr": "Le mur {i} est un simple mur, ni une porte ni une fenêtre."},
    "error.option": {"en": "Option '{where}': {msg}.", "fr": "Option « {where} » : {msg}."},
    "error.grid": {"en": "Grid: {msg}.", "fr": "Grille : {msg}."},
    "error.no_wall": {"en": "There is no wall number {i} (the map has {n}).",
                      "fr": "Il n'y a pas de mur numéro {i} (la carte en a {n})."},
    "error.no_token": {"en": "There is no token '{id}' in this encounter (tokens: {ids}).",
                       "fr": "Il n'y a pas de pion « {id} » dans cette rencontre (pions : "
                             "{ids})."},
    "error.none": {"en": "none", "fr": "aucun"},
    "error.none_f": {"en": "none", "fr": "aucune"},
    "error.dice": {"en": "Cannot roll the dice: {problem}.",
                   "fr": "Impossible de lancer les dés : {problem}."},
    "error.not_allowed": {"en": "Not allowed: {problem}.", "fr": "Interdit : {problem}."},
    "problem.overlap": {"en": "{name} and {other} would share a square, which {system} does "
                              "not allow",
                        "fr": "{name} et {other} partageraient une case, ce que {system} ne "
                              "permet pas"},
    "problem.off_grid": {"en": "{name} would stand off the {cols}×{rows} grid",
                         "fr": "{name} sortirait de la grille de {cols} × {rows} cases"},
    "error.defender_choice": {
        "en": "the defender's choice is 'effect' or 'damage', not '{picked}'.",
        "fr": "le choix du défenseur est « effect » ou « damage », pas « {picked} »."},
    "error.no_choice": {"en": "the defender's choice was not given: nothing happens.",
                        "fr": "le défenseur n'a pas choisi : rien ne se passe."},
    "error.not_manoeuvre": {"en": "'{name}' is not a manoeuvre of {system} ({known}).",
                            "fr": "« {name} » n'est pas une manœuvre de {system} ({known})."},
    "error.negative_damage": {
        "en": "Damage must be zero or more; use heal to restore hit points.",
        "fr": "Les dégâts doivent valoir zéro ou plus ; pour rendre des points de vie, "
              "utilisez « Soigner »."},
    "error.negative_heal": {"en": "Healing must be zero or more.",
                            "fr": "Les soins doivent valoir zéro ou plus."},
    "error.no_surprise_roll": {
        "en": "{system} has no surprise roll: name the surprised creatures instead.",
        "fr": "{system} n'a pas de jet de surprise : désignez plutôt les créatures surprises."},
    "error.not_in_order": {"en": "'{id}' is not in the initiative order.",
                           "fr": "« {id} » ne figure pas dans l'ordre d'initiative."},
    "error.not_started": {"en": "Combat has not started: roll initiative first.",
                          "fr": "Le combat n'a pas commencé : lancez d'abord l'initiative."},
    "error.delay_not_turn": {
        "en": "Only the creature whose turn it is can delay ({current}).",
        "fr": "Seule la créature dont c'est le tour peut retarder son action ({current})."},
    "error.delay_last": {
        "en": "The last creature of the round cannot delay further; end its turn.",
        "fr": "La dernière créature du round ne peut pas retarder davantage ; terminez son "
              "tour."},
    "error.not_condition": {"en": "{name} is not {condition}.",
                            "fr": "{name} n'est pas dans l'état « {condition} »."},
    "error.not_slot": {"en": "'{slot}' is not an action of this system (actions: {known}).",
                       "fr": "« {slot} » n'est pas une action de ce système (actions : "
                             "{known})."},
    "error.no_weapon": {"en": "{name} has no weapon '{weapon}' (weapons: {known}).",
                        "fr": "{name} n'a pas d'arme « {weapon} » (armes : {known})."},
    "error.no_area": {"en": "There is no area template '{id}'.",
                      "fr": "Il n'y a pas de gabarit de zone « {id} »."},
})

def say(key: str, lang: str, **params: Any) -> str:
    """An engine message in `lang`; floats written the reader's way (4.5 / 4,5)."""
    return render(ENGINE_TEMPLATES, key, lang, **params)


def said(key: str, **params: Any) -> Said:
    """Both languages at once; a parameter that is a `Said` gives its French to the French."""
    return Said.of(key, **params)


def move_kind(system: Any, kind: str) -> Said:
    """A move kind ("withdraw") as the encounter's system names it, in both languages
    (`RuleSystem.move_kind_label`: dnd2024 "Disengage" / "se désengager", breche35
    "withdraw" / "retrait")."""
    return Said(system.move_kind_label(kind, "en"), system.move_kind_label(kind, "fr"))


def either(words: list[str]) -> Said:
    """"standard or move" / "standard ou move" (slot ids stay the system's own)."""
    return Said(" or ".join(words), " ou ".join(words))


# A token's fields as the log names them when the GM edits them (`Session.update_token`):
# the French log read "Orc archer modifié (hidden)".
TOKEN_FIELDS: dict[str, tuple[str, str]] = {
    "name": ("name", "nom"), "side": ("side", "camp"), "size": ("size", "taille"),
    "col": ("position", "position"), "row": ("position", "position"),
    "reach_m": ("reach", "allonge"), "speed_m": ("speed", "vitesse"),
    "elevation_m": ("elevation", "altitude"), "stats": ("stats", "caractéristiques"),
    "hp": ("HP", "PV"), "temp_hp": ("temporary HP", "PV temporaires"),
    "nonlethal": ("nonlethal damage", "dégâts non létaux"),
    "conditions": ("conditions", "états"), "art": ("picture", "image"),
    "initiative": ("initiative", "initiative"),
}


def edited_fields(fields: dict[str, Any]) -> Said:
    """What an edit changed, in words ("caché aux joueurs, nom"), each said once."""
    en: list[str] = []
    fr: list[str] = []
    for key in sorted(fields):
        if key == "hidden":
            shown = not fields[key]
            pair = ("shown to the players", "montré aux joueurs") if shown else (
                "hidden from the players", "caché aux joueurs")
        else:
            pair = TOKEN_FIELDS.get(key, (key, key))
        if pair[0] not in en:
            en.append(pair[0])
            fr.append(pair[1])
    return Said(", ".join(en), ", ".join(fr))


WALL_KINDS = {"wall": ("wall", "mur"), "door": ("door", "porte"), "window": ("window", "fenêtre")}


def wall_kind(kind: str) -> Said:
    en, fr = WALL_KINDS.get(kind, (kind, kind))
    return Said(en, fr)


def cat(*parts: str) -> Said:
    """Messages (and plain text, the same in both) put end to end."""
    return Said("".join(parts), "".join(french(p) for p in parts))


def joined(parts: list[Said], en: str, fr: str) -> Said:
    """Messages joined by a separator written each language's way ("; " / " ; ")."""
    return Said(en.join(parts), fr.join(p.fr for p in parts))


def shape_said(shape: str) -> Said:
    return Said(shape_word(shape, "en"), shape_word(shape, "fr"))


def condition_word(system: Any, name: str) -> Said:
    """A condition by the system's label in each language (its id if the system lacks it)."""
    info = system.conditions().get(name)
    return Said(info.label_en, info.label_fr) if info else Said(name)

