"""Words the log uses in both languages."""

OUTCOME_WORDS = {
    "fr": {"hit": "touché", "miss": "raté", "critical": "coup critique", "fumble": "maladresse",
           "no_target": "pas de cible", "auto_hit": "touché d'office"},
    "en": {"hit": "hit", "miss": "miss", "critical": "critical hit", "fumble": "fumble",
           "no_target": "no target", "auto_hit": "automatic hit"},
}
