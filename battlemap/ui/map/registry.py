"""Which view object shows which model object (docs/architecture.md#how-data-flows: the model never names an item).

Tokens are QGraphicsItems. Collections that can be large and rarely change (walls) are shown
by one background layer each (painted into the views' cached background), so the registry
maps a model type to a factory taking the session and the MapView role."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ItemFactory = Callable[..., Any]  # a QGraphicsItem, or a layer with paint_layer(p, rect)

_FACTORIES: dict[type, ItemFactory] = {}


def register_item(model_type: type, factory: ItemFactory) -> None:
    _FACTORIES[model_type] = factory


def factory_for(model_type: type) -> ItemFactory:
    for klass in model_type.__mro__:
        if klass in _FACTORIES:
            return _FACTORIES[klass]
    raise KeyError(f"no item registered for {model_type.__name__}")


def make_item(model: Any, **kwargs: Any) -> Any:
    return factory_for(type(model))(model, **kwargs)


def registered() -> dict[type, ItemFactory]:
    return dict(_FACTORIES)
