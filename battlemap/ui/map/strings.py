"""French for the map's own strings; falls back to the shared translator (battlemap.ui.i18n)."""

from __future__ import annotations

from battlemap.ui import i18n

_FR = {
    "Zoom in": "Zoom avant",
    "Zoom out": "Zoom arrière",
    "Fit map": "Ajuster la carte",
    "Threatened squares (all enemies)": "Cases menacées (tous les ennemis)",
    "Threatened squares (selection)": "Cases menacées (sélection)",
    "Reach ring": "Anneau d'allonge",
    "Flanking": "Prise en tenaille",
    "Cover lines": "Lignes d'abri",
    "Cone": "Cône",
    "Sphere": "Sphère",
    "Cylinder": "Cylindre",
    "Line": "Ligne",
    "Cube": "Cube",
    "Emanation": "Émanation",
    "Attack": "Attaquer",
    "Undo": "Annuler",
    "Redo": "Rétablir",
    "Delete": "Supprimer",
    "Cancel": "Annuler l'outil",
    "Opportunity attacks": "Attaques d'opportunité",
    "Roll": "Lancer",
    "Skip": "Ignorer",
    "GM decides": "Le MJ décide",
    "Move": "Déplacer",
    "Move anyway (GM decision)?": "Déplacer quand même (décision du MJ) ?",
    "Apply": "Appliquer",
    "Save ability": "Caractéristique de sauvegarde",
    "DC": "DD",
    "Damage dice": "Dés de dégâts",
    "Damage type": "Type de dégâts",
    "Half damage on a success": "Moitié des dégâts en cas de réussite",
    "Method": "Méthode",
    "Remove template": "Retirer le gabarit",
    "Apply template": "Appliquer le gabarit",
    "Situation": "Situation",
    "Modifiers": "Modificateurs",
    "Add modifier": "Ajouter un modificateur",
    "Physical dice (e.g. 17, 6)": "Dés physiques (ex. 17, 6)",
    "Close": "Fermer",
    "Weapon": "Arme",
    "Cover": "Abri",
    "illegal": "interdit",
    "OA by": "AO par",
    "provokes from": "provoque",
    "Hidden from players": "Caché aux joueurs",
    "Name": "Nom",
    "Value": "Valeur",
    "Source": "Source",
    "Target": "Cible",
    "Result": "Résultat",
    "no line of effect": "pas de ligne d'effet",
    "Fog of war": "Brouillard de guerre",
    "distance": "distance",
    "coverage": "couverture",
}


def t(text: str) -> str:
    if i18n.language().startswith("fr") and text in _FR:
        return _FR[text]
    return i18n.tr(text)
