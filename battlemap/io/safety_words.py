"""What a file that would be lost, leaked or misread says, in English and in French: the
refusals of files that load but could not be saved, of names too long for the disk, of
pictures that are not plain files, and the sentences of saves and autosaves that fail.
Built like io/words.py (one template per message, both languages from the same
parameters), registered with the other layers' tables."""

from __future__ import annotations

from typing import Any

from battlemap.model.words import Said, register

SAFETY_TEMPLATES = register({
    # reading JSON (safe_json.py)
    "safety.duplicate_key": {"en": "{name}: the key '{dup}' appears twice in one object; each "
                                   "key may be given once.",
                             "fr": "{name} : la clé « {dup} » apparaît deux fois dans un même "
                                   "objet ; chaque clé ne peut figurer qu'une fois."},
    "safety.surrogate": {"en": "{name}: field '{loc}' holds a lone surrogate ({char}), which no "
                               "file can store; write that text again.",
                         "fr": "{name} : le champ « {loc} » contient un demi-caractère isolé "
                               "({char}), qu'aucun fichier ne peut enregistrer ; saisissez ce "
                               "texte à nouveau."},
    # saving (encounter_file.py): the file on disk stays as it was
    "safety.cannot_save": {"en": "{name}: cannot be saved ({why}); the file on disk is "
                                 "unchanged.",
                           "fr": "{name} : enregistrement impossible ({why}) ; le fichier sur "
                                 "le disque n'a pas changé."},
    "safety.not_unicode": {"en": "some text is not valid Unicode",
                           "fr": "un texte n'est pas de l'Unicode valide"},
    # files a user names (plain_files.py): pictures, encounters, Universal VTT exports
    "safety.not_plain": {"en": "is not a plain file (a folder, a pipe or a device)",
                         "fr": "n'est pas un fichier ordinaire (un dossier, un tube ou un "
                               "périphérique)"},
    "safety.uvtt_unreadable": {"en": "{name}: field 'image' names a file that cannot be read "
                                     "({why}).",
                               "fr": "{name} : le champ « image » désigne un fichier illisible "
                                     "({why})."},
    # counts (limits.py, safe_json.py)
    "safety.terrain_squares": {"en": "{name}: field 'terrain' holds {n} squares in all, over "
                                     "the limit of {limit}.",
                               "fr": "{name} : le champ « terrain » contient {n} cases en tout, "
                                     "au-delà de la limite de {limit}."},
    "safety.containers": {"en": "{name}: the file holds {n} JSON arrays and objects, over the "
                                "limit of {limit}.",
                          "fr": "{name} : le fichier contient {n} tableaux et objets JSON, "
                                "au-delà de la limite de {limit}."},
    "safety.too_big": {"en": "the file would be {size}, over the {limit} limit for opening it",
                       "fr": "le fichier ferait {size}, au-delà de la limite de {limit} pour "
                             "l'ouvrir"},
})


def said(key: str, **params: Any) -> Said:
    """Both languages of one of these messages."""
    return Said.of(key, **params)
