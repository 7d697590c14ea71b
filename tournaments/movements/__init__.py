"""Movements: the systems of W. H. Barney, *Whist and Duplicate Whist* (1900), pp. 24-59.

A pure Python package (no Django). Every module that defines a system
registers it in ``registry.FAMILIES``; importing this package imports them
all, so ``generate("howell", pairs=8)`` serves every family.
"""

from __future__ import annotations

import importlib
import pkgutil

from .registry import FAMILIES, Family, generate
from .types import (
    Movement,
    MovementError,
    MovementFatalError,
    MovementUserError,
    Round,
    TableAssignment,
)

# Each system module registers itself on import; import them all once.
for _info in pkgutil.iter_modules(__path__):
    if _info.name not in {"registry", "types"}:
        importlib.import_module(f"{__name__}.{_info.name}")

__all__ = [
    "FAMILIES",
    "Family",
    "Movement",
    "MovementError",
    "MovementFatalError",
    "MovementUserError",
    "Round",
    "TableAssignment",
    "generate",
]
