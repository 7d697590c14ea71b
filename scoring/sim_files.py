"""Heats from results files: a club's PBN 2.1 ``ScoreTable`` file read into a heat of the field.

The bridge between ``tournaments.pbn.results`` (the file) and
``scoring.scorers.field`` (the engine); neither knows the other. A file
is read only up to the ``PBN_MAX_BYTES`` setting, as the web's PBN pages
and API take them; a larger one is refused before it is parsed.
"""

from __future__ import annotations

from django.conf import settings

from scoring.scorers.field import FieldLine, Heat
from tournaments.pbn.results import ResultHeat, ResultsFileError, read_results


def heat_from_results(results: ResultHeat) -> Heat:
    """A results file's rows as the engine's heat: the club from ``[Site]``, each row a line."""
    return Heat(
        results.club,
        tuple(
            FieldLine(r.board, r.ns, r.ew, r.ns_tricks, r.ns_percent, r.ew_percent, r.table, r.round)
            for r in results.lines
        ),
    )


def read_heat(path: str) -> Heat:
    """The heat in a results file (``ResultsFileError`` naming the file, also when it cannot be read)."""
    most = int(settings.PBN_MAX_BYTES)
    try:
        with open(path, "rb") as handle:
            data = handle.read(most + 1)
    except OSError as exc:
        raise ResultsFileError(f"cannot read {path}: {exc.strerror}") from exc
    if len(data) > most:
        raise ResultsFileError(
            f"{path}: larger than {most:,} bytes, the most a PBN file may have (setting PBN_MAX_BYTES)"
        )
    try:
        return heat_from_results(read_results(data))
    except ResultsFileError as exc:
        raise ResultsFileError(f"{path}: {exc}") from exc
