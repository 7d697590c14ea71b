"""results.csv opened in a spreadsheet: every figure is read as the number it is, never as a date.

LibreOffice itself reads the CSV (``soffice --headless --convert-to ods``,
the US English locale, "detect special numbers" on: the reading under
which a bare "6/7" becomes the 7th of June, as the common spreadsheets
read it), and the cells' types and values are taken from the ODS file it
writes. The exact columns are mixed numbers ("3 6/7", "0 6/7", "-3 6/7"):
each must come back a number, equal to the exact figure. Skipped where
LibreOffice is not installed (CI installs it, ``.ci/run`` step 0).
"""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import zipfile
from fractions import Fraction
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from django.urls import reverse

from scoring.exports import _decimal, spreadsheet_cell, spreadsheet_number
from tests.public.test_figures import engine
from tournaments.models import Session

pytestmark = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")

#: What one conversion may take: LibreOffice starts in some seconds; a shared machine is slower.
CONVERT_SECONDS = 180
#: LibreOffice's CSV filter: comma, double quote, UTF-8, from line 1, standard cells, US English, quoted
#: fields not forced to text, and then whether to "detect special numbers" (dates, fractions).
CSV_FILTER = "CSV:44,34,76,1,,1033,false,{special}"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"

#: Whole numbers, proper fractions, mixed numbers, negatives of each; the scores the methods make.
VALUES = [
    Fraction(0),
    Fraction(7),
    Fraction(-3),
    Fraction(6, 7),
    Fraction(-6, 7),
    Fraction(1, 2),
    Fraction(-1, 3),
    Fraction(27, 7),
    Fraction(-27, 7),
    Fraction(37, 4),
    Fraction(-37, 4),
    Fraction(10, 3),
    Fraction(12, 5),
    Fraction(125, 8),
    Fraction(-1, 20),
    Fraction(4801, 12),
]


def read_back(text: str, tmp_path: Path, *, special: bool = True) -> list[list[tuple[str, str]]]:
    """The CSV as LibreOffice reads it: each row's cells as (type, value), the value a float's text."""
    source = tmp_path / "results.csv"
    source.write_text(text, encoding="utf-8")
    profile = tmp_path / "lo-profile"
    command = [
        "soffice",
        f"-env:UserInstallation={profile.as_uri()}",
        "--headless",
        f"--infilter={CSV_FILTER.format(special=str(special).lower())}",
        "--convert-to",
        "ods",
        "--outdir",
        str(tmp_path),
        str(source),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=CONVERT_SECONDS, env=_env(tmp_path))
    with zipfile.ZipFile(tmp_path / "results.ods") as ods:
        root = ElementTree.fromstring(ods.read("content.xml"))
    return [_cells(row) for row in root.iter(f"{{{TABLE}}}table-row")]


def _env(tmp_path: Path) -> dict[str, str]:
    """A bare environment for LibreOffice, its home the test's own."""
    return {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}


def _cells(row: Any) -> list[tuple[str, str]]:
    """A row's cells, a repeated cell as often as it repeats (a trailing run of blanks dropped)."""
    out: list[tuple[str, str]] = []
    for cell in row:
        repeat = int(cell.get(f"{{{TABLE}}}number-columns-repeated", "1"))
        kind = cell.get(f"{{{OFFICE}}}value-type", "")
        value = cell.get(f"{{{OFFICE}}}value") or cell.get(f"{{{OFFICE}}}date-value") or ""
        out += [(kind, value)] * min(repeat, 100)
    while out and out[-1] == ("", ""):
        out.pop()
    return out


def written(values: list[Fraction]) -> str:
    """A CSV of the values as results.csv writes them: exact (mixed numbers) and decimal, each guarded."""
    out = io.StringIO()
    rows = [["exact", "decimal"], *([spreadsheet_number(v), _decimal(v)] for v in values)]
    csv.writer(out).writerows([spreadsheet_cell(c) for c in r] for r in rows)
    return out.getvalue()


def number_of(cell: tuple[str, str]) -> float:
    """A cell LibreOffice read as a number: its value (a date or text fails)."""
    kind, value = cell
    assert kind == "float", cell
    return float(value)


def test_the_written_forms_are_read_as_the_numbers_they_are(tmp_path: Path) -> None:
    rows = read_back(written(VALUES), tmp_path)
    assert rows[0] == [("string", ""), ("string", "")]
    for value, (exact, decimal) in zip(VALUES, rows[1:], strict=True):
        assert number_of(exact) == pytest.approx(float(value), rel=1e-12, abs=1e-12), (value, exact)
        assert number_of(decimal) == pytest.approx(float(value), abs=5e-5), (value, decimal)


def test_a_bare_fraction_would_be_read_as_a_date_or_as_text(tmp_path: Path) -> None:
    """The form results.csv wrote before (``str`` of a Fraction): "6/7" a date, "27/7" text."""
    rows = read_back("exact\n6/7\n27/7\n", tmp_path)
    assert [kind for kind, _ in (r[0] for r in rows[1:])] == ["date", "string"]


def test_without_special_numbers_no_exact_figure_is_a_date(tmp_path: Path) -> None:
    """With "detect special numbers" off LibreOffice reads no fraction as a number; then as text, never a
    date, and the decimal beside it is still a number."""
    rows = read_back(written(VALUES), tmp_path, special=False)
    for value, (exact, decimal) in zip(VALUES, rows[1:], strict=True):
        assert exact[0] in ("float", "string"), (value, exact)
        assert number_of(decimal) == pytest.approx(float(value), abs=5e-5)


@pytest.mark.django_db
def test_the_public_results_csv_reads_as_numbers(
    client: Any, published_howell: Session, tmp_path: Path
) -> None:
    """Equated gains (the exponent system) in fractions of a trick, totals and plus/minus below nought."""
    url = reverse("public:results_csv", args=[published_howell.club.slug, published_howell.pk])
    text = client.get(url).content.decode()
    head = next(csv.reader(io.StringIO(text)))
    rows = read_back(text, tmp_path)
    expected = {t.entrant: t for t in engine(published_howell).entrants}
    assert len(rows) == 1 + len(expected)
    column = {name: i for i, name in enumerate(head)}
    fractional = negative = 0
    for row in rows[1:]:
        t = expected[int(number_of(row[column["entrant"]]))]
        for name, exact in (("total_exact", t.total), ("plus_minus_exact", t.plus_minus)):
            assert number_of(row[column[name]]) == pytest.approx(float(exact), rel=1e-12, abs=1e-12)
            fractional += exact.denominator > 1
            negative += exact < 0
        assert number_of(row[column["total"]]) == pytest.approx(float(t.total), abs=5e-5)
        trays = [i for name, i in column.items() if name.startswith("tray ")]
        assert all(row[i][0] in ("float", "") for i in trays)
    assert fractional and negative, text  # the session's figures include fractions and negatives
