"""Movements: the systems of W. H. Barney, *Whist and Duplicate Whist* (1900), pp. 24-59.

A pure Python package (no Django). Every module that defines a system
defines its ``Family``; ``registry.FAMILIES`` lists them all, so
``generate("howell", pairs=8)`` serves every family.
"""

from __future__ import annotations

from .registry import FAMILIES, Family, generate
from .types import (
    Movement,
    MovementError,
    MovementFatalError,
    MovementUserError,
    Round,
    TableAssignment,
)

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
