"""What a file that cannot be loaded says, in English and in French: the loaders' one-sentence
errors (`LoadError`), built like the rulings (model/words.py): one template per message,
both languages filled from the same parameters. English stays the canonical text (the CLI
and the tests read it); the French rides along in the `Said`, then in `LoadError.reason_fr`.

`{name}` is the file's name (or a `Said` like "x.uvtt: field 'image'", whose French the
French gets); numbers already formatted for English go through `decimal` so the French
reads them with a decimal comma."""

from __future__ import annotations

from typing import Any

from battlemap.model.words import Said, register

IO_TEMPLATES = register({
    # pydantic's first problem in a file (errors.describe_validation)
    "io.invalid": {"en": "{name}: {where}: {msg}{extra}.",
                   "fr": "{name} : {where} : {msg}{extra}."},
    "io.field": {"en": "field '{loc}'", "fr": "champ « {loc} »"},
    "io.the_file": {"en": "the file", "fr": "le fichier"},
    "io.more": {"en": " (and {n} more problem(s))", "fr": " (et {n} autre(s) problème(s))"},
    "io.field_problem": {"en": "{name}: field '{loc}': {msg}.",
                         "fr": "{name} : champ « {loc} » : {msg}."},
    "io.stats_problem": {"en": "{name}: field '{loc}' ({id}): {msg}.",
                         "fr": "{name} : champ « {loc} » ({id}) : {msg}."},
    # reading bytes and JSON (safe_json.py, limits.py)
    "io.unreadable": {"en": "{name}: cannot be read ({why}).",
                      "fr": "{name} : lecture impossible ({why})."},
    "io.file_size": {"en": "{name}: the file is {size}, over the {limit} limit.",
                     "fr": "{name} : le fichier fait {size}, au-delà de la limite de {limit}."},
    "io.bytes": {"en": "{n} bytes", "fr": "{n} octets"},
    "io.megabytes": {"en": "{n} MB", "fr": "{n} Mo"},
    "io.not_utf8": {"en": "{name}: not UTF-8 text (bad byte at offset {at}).",
                    "fr": "{name} : ce n'est pas du texte UTF-8 (octet invalide à la position "
                          "{at})."},
    "io.json_depth": {"en": "{name}: the JSON is nested {depth} levels deep, over the limit "
                            "of {limit}.",
                      "fr": "{name} : le JSON est imbriqué sur {depth} niveaux, au-delà de la "
                            "limite de {limit}."},
    "io.json_too_deep": {"en": "{name}: the JSON is nested too deeply.",
                         "fr": "{name} : le JSON est imbriqué trop profondément."},
    "io.bad_json_at": {"en": "{name}: not valid JSON ({msg} at line {line}, column {col}).",
                       "fr": "{name} : JSON invalide ({msg}, ligne {line}, colonne {col})."},
    "io.bad_json": {"en": "{name}: not valid JSON ({why}).",
                    "fr": "{name} : JSON invalide ({why})."},
    "io.not_finite": {"en": "{name}: field '{loc}' is not a finite number.",
                      "fr": "{name} : le champ « {loc} » n'est pas un nombre fini."},
    "io.wall_points": {"en": "{name}: field '{field}' brings the wall points to {total}, over "
                             "the limit of {limit}.",
                       "fr": "{name} : le champ « {field} » porte les points de mur à {total}, "
                             "au-delà de la limite de {limit}."},
    "io.too_many": {"en": "{name}: field '{field}' holds {n} items, over the limit of {limit}.",
                    "fr": "{name} : le champ « {field} » contient {n} éléments, au-delà de la "
                          "limite de {limit}."},
    # an encounter file (encounter_file.py, engine/migrate.py)
    "io.not_object": {"en": "{name}: the file must hold a JSON object, not {kind}.",
                      "fr": "{name} : le fichier doit contenir un objet JSON, pas {kind}."},
    "io.format": {"en": "{name}: field 'format' must be \"battlemap-encounter\".",
                  "fr": "{name} : le champ « format » doit valoir « battlemap-encounter »."},
    "io.out_of_range": {"en": "{name}: holds a value out of range ({error}: {exc}).",
                        "fr": "{name} : contient une valeur hors limites ({error} : {exc})."},
    "io.version_type": {"en": "{name}: field 'version' must be a whole number.",
                        "fr": "{name} : le champ « version » doit être un nombre entier."},
    "io.newer": {"en": "{name}: version {version} was written by a newer battlemap (this one "
                       "reads up to {latest}).",
                 "fr": "{name} : la version {version} a été écrite par un battlemap plus récent "
                       "(celui-ci lit jusqu'à la version {latest})."},
    "io.no_migration": {"en": "{name}: version {version} files cannot be read (no migration "
                              "from version {step}).",
                        "fr": "{name} : les fichiers de version {version} ne peuvent pas être "
                              "lus (aucune migration depuis la version {step})."},
    "io.unknown_system": {"en": "{name}: no rule system '{system}' (known: {known}).",
                          "fr": "{name} : aucun système de règles « {system} » (connus : "
                                "{known})."},
    "turn.creature": {"en": "field 'turn.order[{i}].token': the creature '{id}' is not on the "
                            "map",
                      "fr": "champ « turn.order[{i}].token » : la créature « {id} » n'est pas "
                            "sur la carte"},
    "turn.index": {"en": "field 'turn.index': {index} is outside the initiative order ({n} "
                         "creatures)",
                   "fr": "champ « turn.index » : {index} est hors de l'ordre d'initiative ({n} "
                         "créatures)"},
    # pictures (image_header.py, images.py)
    "io.not_picture": {"en": "{name}: the picture is not a PNG, JPEG or WebP image.",
                       "fr": "{name} : l'image n'est ni un PNG, ni un JPEG, ni un WebP."},
    "io.header_short": {"en": "{name}: the {fmt} header is cut short.",
                        "fr": "{name} : l'en-tête {fmt} est tronqué."},
    "io.problem": {"en": "{name}: {problem}.", "fr": "{name} : {problem}."},
    "header.png_ihdr": {"en": "the PNG does not start with its IHDR chunk",
                        "fr": "le PNG ne commence pas par son bloc IHDR"},
    "header.vp8": {"en": "the WebP VP8 start code is missing",
                   "fr": "le code de début VP8 du WebP manque"},
    "header.vp8l": {"en": "the WebP VP8L signature is missing",
                    "fr": "la signature VP8L du WebP manque"},
    "header.webp_chunk": {"en": "the WebP has no VP8, VP8L or VP8X chunk",
                          "fr": "le WebP n'a aucun bloc VP8, VP8L ni VP8X"},
    "header.jpeg_markers": {"en": "the JPEG markers are corrupt",
                            "fr": "les marqueurs du JPEG sont corrompus"},
    "header.jpeg_frame": {"en": "the JPEG has no frame header",
                          "fr": "le JPEG n'a pas d'en-tête de trame"},
    "header.jpeg_segment": {"en": "the JPEG has a segment of impossible length",
                            "fr": "le JPEG a un segment de longueur impossible"},
    "io.empty_picture": {"en": "{name}: the {fmt} header declares an empty picture ({w}x{h}).",
                         "fr": "{name} : l'en-tête {fmt} déclare une image vide ({w} × {h})."},
    "io.megapixels": {"en": "{name}: the picture is {w}x{h} pixels ({mp} megapixels), over the "
                            "limit of {limit}.",
                      "fr": "{name} : l'image fait {w} × {h} pixels ({mp} mégapixels), au-delà "
                            "de la limite de {limit}."},
    "io.picture_mb": {"en": "{name}: the picture file is {mb} MB, over the limit.",
                      "fr": "{name} : le fichier image fait {mb} Mo, au-delà de la limite."},
    "io.decoded_size": {"en": "{name}: the picture's header says {w}x{h} pixels but it decodes "
                              "as {dw}x{dh}.",
                        "fr": "{name} : l'en-tête de l'image annonce {w} × {h} pixels, mais "
                              "elle se décode en {dw} × {dh}."},
    "io.not_readable": {"en": "{name}: the picture is not a readable {fmt} image{why}.",
                        "fr": "{name} : l'image n'est pas une image {fmt} lisible{why}."},
    "io.pps_range": {"en": "{name}: pixels per square must be between 1 and 2000, not {pps}.",
                     "fr": "{name} : le nombre de pixels par case doit être compris entre 1 et "
                           "2000, pas {pps}."},
    "io.offset_outside": {"en": "{name}: the grid offset ({ox}, {oy}) lies outside the picture.",
                          "fr": "{name} : le décalage de la grille ({ox} ; {oy}) tombe hors de "
                                "l'image."},
    "io.no_square": {"en": "{name}: not one whole square of {pps} pixels fits in the picture.",
                     "fr": "{name} : pas une seule case entière de {pps} pixels ne tient dans "
                           "l'image."},
    "io.grid_limit": {"en": "{name}: {cols}x{rows} squares is over the {limit}-square grid "
                            "limit.",
                      "fr": "{name} : {cols} × {rows} cases, c'est au-delà de la limite de la "
                            "grille ({limit} cases de côté)."},
    # Universal VTT (uvtt.py, uvtt_json.py, uvtt_picture.py)
    "uvtt.not_object": {"en": "{name}: a Universal VTT file holds a JSON object, not {kind}.",
                        "fr": "{name} : un fichier Universal VTT contient un objet JSON, pas "
                              "{kind}."},
    "uvtt.image_type": {"en": "{name}: field 'image' must be a string (base64 or a file name).",
                        "fr": "{name} : le champ « image » doit être une chaîne (du base64 ou "
                              "un nom de fichier)."},
    "uvtt.no_resolution": {"en": "{name}: field 'resolution' is missing; is this a Universal "
                                 "VTT file?",
                           "fr": "{name} : le champ « resolution » manque ; est-ce bien un "
                                 "fichier Universal VTT ?"},
    "uvtt.overflow": {"en": "{name}: field 'resolution.map_origin' is so far from the walls that "
                            "their shifted coordinates overflow.",
                      "fr": "{name} : le champ « resolution.map_origin » est si loin des murs "
                            "que leurs coordonnées décalées débordent."},
    "uvtt.cannot_write": {"en": "{name}: the import cannot be written ({why}).",
                          "fr": "{name} : l'import ne peut pas être enregistré ({why})."},
    "uvtt.map_size": {"en": "{name}: field 'resolution.map_size' is {x}x{y} squares; each side "
                            "must be more than 0 and at most {limit}.",
                      "fr": "{name} : le champ « resolution.map_size » vaut {x} × {y} cases ; "
                            "chaque côté doit valoir plus de 0 et au plus {limit}."},
    "uvtt.pps": {"en": "{name}: field 'image' is {w}x{h} pixels, which makes {pps} pixels per "
                       "square; it must be between 1 and 2000.",
                 "fr": "{name} : le champ « image » fait {w} × {h} pixels, soit {pps} pixels "
                       "par case ; il en faut entre 1 et 2000."},
    "uvtt.image": {"en": "{name}: field 'image'", "fr": "{name} : le champ « image »"},
    "uvtt.absolute": {"en": "{name}: field 'image' names an absolute path ({path}); only a file "
                            "beside it is read.",
                      "fr": "{name} : le champ « image » désigne un chemin absolu ({path}) ; "
                            "seul un fichier placé à côté est lu."},
    "uvtt.outside": {"en": "{name}: field 'image' leads out of its folder ({path}).",
                     "fr": "{name} : le champ « image » sort de son dossier ({path})."},
    "uvtt.not_beside": {"en": "{name}: field 'image' names {path}, which is not a file beside "
                              "it.",
                        "fr": "{name} : le champ « image » désigne {path}, qui n'est pas un "
                              "fichier placé à côté."},
    "uvtt.base64": {"en": "{where} is not valid base64 ({why}).",
                    "fr": "{where} n'est pas du base64 valide ({why})."},
    # a map picture the window cannot show (picture_check.py): the encounter opens without it
    "picture.problem": {"en": "{name}: the map picture '{path}' {problem}; the encounter is open "
                              "without it (walls and tokens are all there).",
                        "fr": "{name} : l'image de la carte « {path} » {problem} ; la rencontre "
                              "est ouverte sans elle (murs et pions sont tous là)."},
    "picture.missing": {"en": "is missing", "fr": "est introuvable"},
    "picture.unreadable": {"en": "is not a readable image", "fr": "n'est pas une image lisible"},
    "picture.cannot_show": {"en": "cannot be shown ({reason})",
                            "fr": "ne peut pas être affichée ({reason})"},
    # the GUI's file kinds (ui/files/file_kinds.py)
    "io.unknown_kind": {"en": "{name}: this kind of file cannot be opened (known: {known}).",
                        "fr": "{name} : ce type de fichier ne s'ouvre pas (types connus : "
                              "{known})."},
    "io.no_uvtt": {"en": "{name}: Universal VTT import is not available yet.",
                   "fr": "{name} : l'import Universal VTT n'est pas encore disponible."},
})

# What a JSON document holds instead of an object, as the sentence names it.
_KINDS = {"an array": "un tableau", "a string": "une chaîne", "a boolean": "un booléen",
          "null": "null", "a number": "un nombre",
          # type(data).__name__, as the Universal VTT sentence names it
          "list": "une liste", "str": "une chaîne", "bool": "un booléen", "int": "un entier",
          "float": "un nombre", "NoneType": "null"}
# The json module's messages (json.decoder), the ones a hand-edited file meets.
_JSON_MSGS = {
    "Expecting value": "valeur attendue",
    "Expecting ',' delimiter": "séparateur « , » attendu",
    "Expecting ':' delimiter": "séparateur « : » attendu",
    "Expecting property name enclosed in double quotes":
        "nom de champ entre guillemets droits doubles attendu",
    "Illegal trailing comma before end of object": "virgule en trop avant la fin de l'objet",
    "Illegal trailing comma before end of array": "virgule en trop avant la fin du tableau",
    "Unterminated string starting at": "chaîne non terminée",
    "Invalid control character at": "caractère de contrôle interdit",
    "Invalid \\escape": "séquence d'échappement « \\ » invalide",
    "Invalid \\uXXXX escape": "séquence d'échappement « \\uXXXX » invalide",
    "Extra data": "données en trop après la fin",
}


def said(key: str, **params: Any) -> Said:
    """Both languages of a file message; a `Said` parameter gives its French to the French."""
    return Said.of(key, **params)


def decimal(text: str) -> Said:
    """A number already written for English ("12.5", "inf"): the French with a comma."""
    return Said(text, text.replace(".", ","))


def json_kind(kind: str) -> Said:
    """"an array" / "un tableau": what a file holds instead of an object."""
    return Said(kind, _KINDS.get(kind, kind))


def json_message(msg: str) -> Said:
    """The json module's complaint ("Expecting value") with its French when known."""
    return Said(msg, _JSON_MSGS.get(msg, msg))
