"""Graphics items: thin views of model objects (registered in battlemap.ui.map.registry)."""
