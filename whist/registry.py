"""One register mechanism: values kept by name, in the order given, a name once.

The movement families (``tournaments.movements.registry.FAMILIES``) and the
scoring methods (``scoring.scorers.registry.METHODS``) are both a
``Register``: listed once where they are defined, nothing joining by being
imported. A ``Register`` is a ``dict`` (name -> value), so reading it is
reading a dict; ``add`` is the one door in, and ``named`` the lookup that
explains an unknown name with the error its owner chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar


class Named(Protocol):
    """Anything registered: it carries its own name."""

    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)


class Register(dict[str, T]):
    """Values by their ``name``, in the order added; a twin raises ``RuntimeError``.

    ``kind`` names what is kept ("movement family") in the messages;
    ``unknown`` makes the error ``named`` raises for a name not registered.
    """

    def __init__(
        self, kind: str, values: Iterable[T] = (), *, unknown: Callable[[str], Exception] = KeyError
    ) -> None:
        super().__init__()
        self.kind, self.unknown = kind, unknown
        for value in values:
            self.add(value)

    def add(self, value: T) -> T:
        """Register a value under its name; a name may be registered once."""
        if value.name in self:
            raise RuntimeError(f"{self.kind} {value.name!r} registered twice")
        self[value.name] = value
        return value

    def named(self, name: str) -> T:
        """The value registered under ``name``, or ``unknown`` saying which names are known."""
        try:
            return self[name]
        except KeyError:
            known = ", ".join(sorted(self))
            raise self.unknown(f"unknown {self.kind} {name!r}; known: {known}") from None
