"""The director's forms: they parse and show errors; every rule lives in the services.

A service refuses with ``UserError(message, field=...)``; ``add_service_error``
puts that message next to the named field (or above the form when the field
is not one of the form's own).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any

from django import forms

from whist.dates import FIRST_YEAR, LAST_YEAR, RANGE_WORDS, date_in_range

from .models import Club, Drive, EntrantKind, Player, ScoringMethod, Series, Sex
from .movements.limits import MAX_DEALS
from .pbn.pack import MAX_PACK_BYTES
from .services.club import roster_size_check
from .services.errors import UserError, sentence
from .services.pbn import pbn_size_check


def add_service_error(form: forms.Form, exc: UserError) -> forms.Form:
    """Show a service's refusal next to its field (each field's, for several), or above the form."""
    for name, message in (getattr(exc, "errors", None) or {exc.field: exc.message}).items():
        form.add_error(name if name in form.fields else None, sentence(message))
    return form


class SessionDateField(forms.DateField):
    """A session's day, today by default, within the years a client may give (``whist.dates``; the
    service refuses any other too)."""

    def __init__(self, **kwargs: Any) -> None:
        span = {"type": "date", "min": f"{FIRST_YEAR}-01-01", "max": f"{LAST_YEAR}-12-31"}
        super().__init__(widget=forms.DateInput(attrs=span), initial=dt.date.today, **kwargs)

    def validate(self, value: Any) -> None:
        """Refuse a day outside the range, naming the field."""
        super().validate(value)
        if isinstance(value, dt.date) and not date_in_range(value):
            raise forms.ValidationError(f"A session's date must be a day {RANGE_WORDS}.")


class PlayerChoiceField(forms.ModelChoiceField):  # type: ignore[misc]
    """A roster player, shown with the member number where there is one."""

    def label_from_instance(self, obj: Player) -> str:
        return _label(obj)


# --- Roster ---------------------------------------------------------------


class PlayerForm(forms.Form):
    """Add a player, or change one (name, member number, active)."""

    name = forms.CharField(max_length=120, required=False)
    member_number = forms.CharField(max_length=30, required=False, label="Member number")
    sex = forms.ChoiceField(
        choices=[("", "—"), *Sex.choices],
        required=False,
        label="Lady or gentleman",
        help_text="Only the whist drive's Second Method needs it (p. 24).",
    )
    email = forms.CharField(
        max_length=254,
        required=False,
        label="E-mail",
        help_text="Optional: the player's score card is sent here after a session. Only directors see it.",
    )
    active = forms.BooleanField(required=False, initial=True, label="Active (plays in sessions)")


class PlayerMergeForm(forms.Form):
    """Merge this roster entry (a duplicate) into another player."""

    keep = PlayerChoiceField(
        queryset=Player.objects.none(),
        label="Merge into",
        required=False,
        empty_label="Choose the player to keep",
    )

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["keep"].queryset = Player.objects.filter(
            club=player.club, merged_into__isnull=True
        ).exclude(pk=player.pk)


class RosterImportForm(forms.Form):
    """A CSV file with a header row: name, member_number."""

    file = forms.FileField(label="CSV file", required=False)

    def text(self) -> str:
        """The uploaded file as text (UTF-8, a byte-order mark tolerated)."""
        upload = self.cleaned_data.get("file")
        if upload is None:
            raise UserError("Choose a CSV file to import.", field="file")
        roster_size_check(upload.size or 0)
        try:
            return str(upload.read().decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise UserError("The file is not UTF-8 text; save it as CSV (UTF-8).", field="file") from None


# --- A new session ----------------------------------------------------------


class SessionNewForm(forms.Form):
    """The first step of a new session: when, what, and what kind of entrant."""

    date = SessionDateField()
    title = forms.CharField(
        max_length=120, required=False, widget=forms.TextInput(attrs={"placeholder": "Monday pairs"})
    )
    entrant_kind = forms.ChoiceField(choices=EntrantKind.choices, initial=EntrantKind.PAIRS, label="Entrants")
    series = forms.ModelChoiceField(
        queryset=Series.objects.none(), required=False, empty_label="(none)", label="Series"
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["series"].queryset = Series.objects.filter(club=club)


#: What each place of an entrant row is called on the page (p. 48: a team's N-S and E-W pairs).
PLACE_LABELS: dict[int, tuple[str, ...]] = {
    1: ("Player",),
    2: ("Player", "Partner"),
    4: ("North", "South", "East", "West"),
}


#: The name of a row left empty between two filled ones: it becomes no entrant.
SKIPPED_ROW = "—"


class EntrantRowsForm(forms.Form):
    """Several entrants at once: each row picks the players of one pair (or team).

    Fields are ``r<row>_<place>`` (and ``r<row>_team`` when each pair names
    its team, pp. 56-59); every row's errors are shown beside that row. Each
    drop-down is labelled by its row and place, and ``static/js/entrants.js``
    lets the director type a name instead of scrolling the roster. With
    ``visitors``, a hidden ``r<row>_<place>_new`` carries a name typed that
    is on no roster entry: the player is added to the roster as a visitor.
    With ``unit`` ("Pair"), each row is named as the entrant it becomes,
    numbered from ``first`` over the rows filled.
    """

    def __init__(
        self,
        *args: Any,
        players: Iterable[Player],
        rows: int,
        size: int,
        labels: tuple[str, ...] | None = None,
        teams: int = 0,
        first: int = 1,
        unit: str = "",
        visitors: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.size, self.row_count, self.labels, self.teams = size, rows, labels, teams
        self.first, self.unit, self.visitors = first, unit, visitors
        self.players = {str(p.pk): p for p in players}
        choices = [("", "—"), *((k, _label(p)) for k, p in self.players.items())]
        team_choices = [("", "—"), *((str(t), f"Team {t}") for t in range(1, teams + 1))]
        places, names = self.place_labels(), self.row_labels()
        for r in range(1, rows + 1):
            if teams:
                self.fields[f"r{r}_team"] = forms.ChoiceField(
                    choices=team_choices,
                    required=False,
                    widget=forms.Select(attrs={"aria-label": f"{_aria(names[r])}, team"}),
                )
            for p in range(1, size + 1):
                attrs = {"aria-label": f"{_aria(names[r])}, {places[p - 1].lower()}", "data-player": ""}
                if visitors:
                    attrs["data-visitor"] = f"id_r{r}_{p}_new"
                    self.fields[f"r{r}_{p}_new"] = forms.CharField(required=False, widget=forms.HiddenInput)
                self.fields[f"r{r}_{p}"] = forms.ChoiceField(
                    choices=choices, required=False, widget=forms.Select(attrs=attrs)
                )

    def place_labels(self) -> tuple[str, ...]:
        """Column headings for the players of a row."""
        default = tuple(f"Player {i}" for i in range(1, self.size + 1))
        return self.labels or PLACE_LABELS.get(self.size, default)

    def headings(self) -> tuple[str, ...]:
        """Column headings for the whole row (the team first, where there is one)."""
        return (("Team",) if self.teams else ()) + self.place_labels()

    def _names(self, r: int) -> list[str]:
        return ([f"r{r}_team"] if self.teams else []) + [f"r{r}_{p}" for p in range(1, self.size + 1)]

    def rows(self) -> list[tuple[int, list[Player | None]]]:
        """The rows with at least one player chosen, numbered as on the page."""
        out = []
        for r in range(1, self.row_count + 1):
            keys = [self.cleaned_data.get(f"r{r}_{p}") or "" for p in range(1, self.size + 1)]
            if any(keys):
                out.append((r, [self.players.get(k) for k in keys]))
        return out

    def entries(self) -> list[tuple[int, list[Player | str | None]]]:
        """The rows with a player chosen or a visitor named: each place's player, else the name typed."""
        out = []
        for r in range(1, self.row_count + 1):
            places = [self._place(r, p) for p in range(1, self.size + 1)]
            if any(places):
                out.append((r, places))
        return out

    def _place(self, r: int, p: int) -> Player | str | None:
        """A place of a row: the roster player picked, else a visitor's name (when visitors are taken)."""
        picked = self.players.get(self.cleaned_data.get(f"r{r}_{p}") or "")
        if picked is not None or not self.visitors:
            return picked
        typed = str(self.data.get(f"r{r}_{p}_new") or "").strip()
        return typed or None

    def _filled(self, r: int) -> bool:
        """Whether the director filled a row (as posted: a player picked or a visitor named)."""
        if not self.is_bound:
            return False
        names = [f"r{r}_{p}" for p in range(1, self.size + 1)]
        return any(str(self.data.get(n) or "").strip() for n in names + [f"{n}_new" for n in names])

    def row_labels(self) -> dict[int, str]:
        """Each row's name on the page: the entrant it becomes ("Pair 9"), or its number without a ``unit``.

        The rows filled become the entrants in order; a row left empty between two filled ones becomes
        none ("—"); the empty rows after the last filled one continue the numbers.
        """
        filled = [r for r in range(1, self.row_count + 1) if self._filled(r)]
        last, out, number = max(filled, default=0), {}, self.first
        for r in range(1, self.row_count + 1):
            if not self.unit:
                out[r] = f"Row {r}"
            elif r < last and r not in filled:
                out[r] = SKIPPED_ROW
            else:
                out[r], number = f"{self.unit} {number}", number + 1
        return out

    def numbered_rows(self) -> list[tuple[int, str, list[forms.BoundField], list[str]]]:
        """For the set-up page: each row's number, its name ("Pair 9"), its bound fields and its errors."""
        names = self.row_labels()
        return [(n, names[n], bound, errors) for n, bound, errors in self.row_fields()]

    def labels_in_error(self) -> list[str]:
        """The names of the rows with an error ("Pair 9")."""
        return [label for _, label, _, errors in self.numbered_rows() if errors]

    def row_teams(self) -> dict[int, str]:
        """Row number -> the team chosen on it (empty when none is)."""
        if not self.teams:
            return {}
        return {r: self.cleaned_data.get(f"r{r}_team") or "" for r in range(1, self.row_count + 1)}

    def row_fields(self) -> list[tuple[int, list[forms.BoundField], list[str]]]:
        """For the template: each row's bound fields and its errors."""
        out = []
        for r in range(1, self.row_count + 1):
            bound = [self[name] for name in self._names(r)]
            errors = [str(e) for b in bound for e in b.errors]
            out.append((r, bound, errors))
        return out

    def rows_in_error(self) -> list[int]:
        """The numbers of the rows with an error."""
        return [n for n, _, errors in self.row_fields() if errors]


class NamesForm(forms.Form):
    """A list of names pasted or typed, one entry a line (the services read it)."""

    text = forms.CharField(
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
    )

    def __init__(self, *args: Any, label: str = "Names", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["text"].label = label
        self.fields["text"].validators = []  # the services check every line, a NUL with its line number

    def typed(self) -> str:
        """The text as sent, for the services to read and check."""
        return str(self.data.get("text") or "") if self.is_bound else ""

    def refused(self, exc: UserError) -> NamesForm:
        """Show a service's refusal: its summary, then each line at fault, under the text (and the names
        near roster entries, ``questions``, to choose for)."""
        self.questions = getattr(exc, "questions", [])
        self.is_valid()
        for problem in [exc.message, *getattr(exc, "problems", [])]:
            self.add_error("text", problem)
        return self


#: The most "did you mean" answers a form carries (one for each name a list may hold).
NEAR_MOST_ANSWERS = 8 * 240


def near_choices(data: Any) -> dict[str, str]:
    """The director's answers to "did you mean" as posted (``near_<i>_name`` and ``near_<i>``, counted from
    0): name as typed -> a player's id, "visitor" or "member" (the services check them)."""
    out: dict[str, str] = {}
    for i in range(NEAR_MOST_ANSWERS):
        name = data.get(f"near_{i}_name")
        if name is None:
            break
        choice = str(data.get(f"near_{i}") or "").strip()
        if choice:
            out[str(name)] = choice
    return out


def _aria(row: str) -> str:
    """A row's name as a screen reader says it."""
    return "Empty row" if row == SKIPPED_ROW else row


def _label(player: Player) -> str:
    return f"{player.name} ({player.member_number})" if player.member_number else player.name


class MovementChoiceForm(forms.Form):
    """The director's pick: a movement (family and variant), the deals, the scoring method."""

    choice = forms.CharField(required=False, widget=forms.HiddenInput)
    family = forms.ChoiceField(choices=(), required=False, label="Movement")
    deals = forms.IntegerField(min_value=1, max_value=MAX_DEALS, required=False, label="Deals")
    scoring_method = forms.ChoiceField(choices=ScoringMethod.choices, label="Scoring method")

    def __init__(self, *args: Any, families: Sequence[tuple[str, Any]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["family"].choices = [("", "Choose a movement"), *families]

    def picked(self) -> tuple[str, str, int | None]:
        """(family, variant, deals): a movement chosen by name wins over a recommendation's radio."""
        data = self.cleaned_data
        if data.get("family"):
            family, _, variant = data["family"].partition("|")
            return family, variant, data.get("deals")
        family, _, rest = (data.get("choice") or "").partition("|")
        variant, _, deals = rest.partition("|")
        return family, variant, int(deals) if deals.isascii() and deals.isdigit() else data.get("deals")

    def club_movement_id(self) -> str | None:
        """The club's own movement picked (a radio ``club:<id>``), unless a movement is chosen by name."""
        choice = self.cleaned_data.get("choice") or ""
        return (
            choice.removeprefix("club:")
            if choice.startswith("club:") and not self.cleaned_data.get("family")
            else None
        )


class DriveForm(forms.Form):
    """A whist drive's options (p. 24): the method, the changes, the scoring, the prizes."""

    method = forms.ChoiceField(choices=Drive.Method.choices, widget=forms.RadioSelect, label="Method")
    changes = forms.IntegerField(
        min_value=1, max_value=200, initial=12, label="Changes (deals at every table)"
    )
    scoring_method = forms.ChoiceField(
        choices=[
            (ScoringMethod.POINTS, "Points made, to the winners; the losers 0"),
            (ScoringMethod.COUNTERS, "Counters: 25 each, the losers pay the winners a counter a point"),
        ],
        widget=forms.RadioSelect,
        label="Scoring",
    )
    exchange_at_head = forms.BooleanField(
        required=False, label="At table 1 the winners also change partners with the newcomers (First Method)"
    )
    prizes = forms.IntegerField(min_value=1, max_value=50, initial=3, label="Prizes")
    booby = forms.BooleanField(required=False, label="A booby prize for the last place")


# --- Trays and deals --------------------------------------------------------


class PBNImportForm(forms.Form):
    """A PBN file whose [Board] numbers are the session's trays."""

    file = forms.FileField(label="PBN file", required=False)

    def upload_bytes(self) -> bytes:
        """The uploaded file's bytes (the service decodes them), refused if too large."""
        upload = self.cleaned_data.get("file")
        if upload is None:
            raise UserError("Choose a PBN file to import.", field="file")
        pbn_size_check(upload.size or 0)
        return bytes(upload.read())


class SimPackForm(forms.Form):
    """A simultaneous event's pack, the JSON file its organiser gave the club (``tournaments.pbn.pack``)."""

    file = forms.FileField(label="Pack file", required=False)
    address = forms.CharField(label="or the pack's address", required=False, max_length=600)
    key = forms.CharField(label="and the club's key", required=False, max_length=200)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its own ids ("id_pack_file"): the trays page shows it beside the PBN form, whose file is "id_file".
        kwargs.setdefault("auto_id", "id_pack_%s")
        super().__init__(*args, **kwargs)

    def fetches(self) -> bool:
        """Whether the director asked to fetch the pack (an address or a key, and no file)."""
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return not data.get("file") and bool(self.data.get("address") or self.data.get("key"))

    def upload_bytes(self) -> bytes:
        """The uploaded file's bytes (the service reads them), refused if too large."""
        upload = self.cleaned_data.get("file") if hasattr(self, "cleaned_data") else None
        if upload is None:
            raise UserError("Choose the pack file the organiser gave the club.", field="pack")
        if (upload.size or 0) > MAX_PACK_BYTES:
            raise UserError(
                f"This file is larger than a pack can be ({MAX_PACK_BYTES // 1_000_000} MB).", field="pack"
            )
        return bytes(upload.read())


# --- Series and partner rotations ---------------------------------------------


class SeriesForm(forms.Form):
    """A club tournament over several sessions (p. 46)."""

    name = forms.CharField(max_length=120, required=False, label="Name of the series")


class SeriesClubPlayersForm(forms.Form):
    """The players of a club tournament (p. 46), numbered in the order kept from last time."""

    players = forms.MultipleChoiceField(
        choices=(), required=False, widget=forms.CheckboxSelectMultiple, label="Players of the series"
    )

    def __init__(self, *args: Any, roster: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster = {str(p.pk): p for p in roster}
        self.fields["players"].choices = [(k, _label(p)) for k, p in self.roster.items()]

    def chosen(self, before: Sequence[Player]) -> list[Player]:
        """The ticked players: those numbered before keep their order, new ones follow."""
        ticked = set(self.cleaned_data.get("players") or [])
        kept = [p for p in before if str(p.pk) in ticked]
        kept_ids = {str(p.pk) for p in kept}
        return kept + [p for k, p in self.roster.items() if k in ticked and k not in kept_ids]


COUPLE_METHODS = (
    ("edgewood", "Edgewood schedule: couples exchange partners (p. 47)"),
    ("ladies", "Ladies in order: each lady plays with each gentleman in turn (p. 47)"),
)


class RotationProposeForm(forms.Form):
    """Which session of the series to create, and when it is played."""

    session_number = forms.IntegerField(min_value=1, max_value=500, label="Session of the series")
    date = SessionDateField()
    title = forms.CharField(max_length=120, required=False)
