"""Players named as text: a pasted list of pairs (teams, players), a list of new players, a visitor.

Terms:

- a **list** is text, one entry a line; blank lines are skipped, and a
  line keeps its number in the text, so that a refusal names the line the
  director sees. A list is taken whole or not at all (``LinesRefused``
  names every line at fault, with why).
- an **entrant's line** holds its players' names separated by "&", " and ",
  "/" or "," (a team of four in the order North, South, East, West, p. 48);
  in a session of teams of more than eight it begins with the pair's team,
  "Team 1: Ann Lee & Bob Hart" (pp. 56-59).
- a name is **matched** to the club's roster case-insensitively, by name or
  by member number; "Ann Lee (123)" names a player by the member number
  where two share a name. Of two players of one name the active one is
  meant; two active ones make the line ambiguous, and it is refused.
- a **visitor** is a name on no roster entry: the player is added to the
  roster as a visitor (``Player.visitor``) as the line is entered, or as a
  new member where the director chooses so (``choices``).
- a name on no roster entry but **near** one ("Margret Quill" for Margaret
  Quill, "M. Quill", "Quill Margaret": ``near_names``) is not added: the list
  is refused with "did you mean", and the director chooses (``choices``,
  by the name as typed): the player meant, a visitor, or a new member.
- **last week's pairs** are the entrants of the club's most recent earlier
  session of the same kind, written as a list for the director to edit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q

from ..models import Entrant, EntrantMember, Player, Session
from .club import player_create, player_update
from .errors import FieldErrors, UserError
from .near_names import NearIndex
from .sessions import KIND_SHAPE, require_status
from .setup import entrants_add
from .teams import check_team_number, is_teams_session
from .text import column_text

#: The most lines a session's list may have: sixty tables of individuals (``SEAT_MAX_TABLES``).
MAX_LINES = 240
#: The most lines of new players at once (a larger roster comes as a CSV file).
MAX_ROSTER_LINES = 500
#: The most characters of a list, whatever its lines.
MAX_CHARS = 100_000
#: Lines named one by one in a refusal's summary; beyond, they are counted.
NAMED_LINES = 6
#: Between two names of a line whose spaces are collapsed (each pattern here runs in linear time).
SEPARATOR = re.compile(r" ?(?:[&/,;]| and ) ?", re.IGNORECASE)
TEAM_PREFIX = re.compile(r"team\s*(\d{1,3})\s*[:.)\-–]\s*", re.IGNORECASE)  # anchored: used by match()
NUMBERED = re.compile(r"^(?P<name>[^()]*?) ?\((?P<number>[^()]+)\)$")


class LinesRefused(UserError):
    """A list refused whole: ``problems`` says each line at fault ("Line 3: ..."), in the text's order."""

    def __init__(self, lines: Iterable[tuple[int, str]], *, field: str = "text") -> None:
        self.lines = sorted(lines)
        self.problems = [f"Line {n}: {why}" for n, why in self.lines]
        numbers = [str(n) for n, _ in self.lines]
        if len(numbers) == 1:
            said = f"Line {numbers[0]} needs"
        elif len(numbers) <= NAMED_LINES:
            said = f"Lines {', '.join(numbers[:-1])} and {numbers[-1]} need"
        else:
            said = f"{len(numbers)} lines need"
        super().__init__(f"{said} a change: nothing was added.", field=field)


def fold(name: str) -> str:
    """A name as it is compared: spaces collapsed, case ignored."""
    return " ".join(name.split()).casefold()


def split_names(line: str) -> list[str]:
    """A line's names: split at "&", "/", ",", ";", a tab or " and ", their spaces collapsed."""
    parts = [part for chunk in line.split("\t") for part in SEPARATOR.split(" ".join(chunk.split()))]
    return [part.strip() for part in parts if part.strip()]


def list_lines(text: Any, *, most: int, what: str) -> list[tuple[int, str]]:
    """The non-blank lines, numbered as in the text; a ``UserError`` on ``text`` when blank or too long."""
    text = str(text or "")
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise UserError(f"Write or paste {what}, one a line.", field="text")
    if len(lines) > most:
        raise UserError(f"The list has {len(lines):,} lines; paste at most {most} at once.", field="text")
    if len(text) > MAX_CHARS:
        raise UserError(
            f"The list has {len(text):,} characters; paste at most {MAX_CHARS:,} at once.", field="text"
        )
    return lines


@dataclass(frozen=True)
class Visitor:
    """A name on no roster entry: a player to add to the roster, a visitor unless ``member``."""

    name: str
    member: bool = False


#: What the director may choose for a name near a roster entry: the player meant (their id), or these.
AS_VISITOR, AS_MEMBER = "visitor", "member"


class NearName(UserError):
    """A name on no roster entry but near some (``players``, nearest first): which is meant?"""

    def __init__(self, typed: str, players: Sequence[Player]) -> None:
        self.typed, self.players = typed, tuple(players)
        meant = " or ".join(_named(p) for p in players)
        choose = f"Choose the player, or add “{typed}” as a visitor or as a new member."
        super().__init__(f"“{typed}” is not on the roster: did you mean {meant}? {choose}")


def _named(player: Player) -> str:
    """A player as a question names them: the name, with the member number where there is one."""
    return f"{player.name} ({player.member_number})" if player.member_number else player.name


@dataclass(frozen=True)
class Question:
    """A name near roster entries, to choose for: the name as typed, the players it may mean, where."""

    typed: str
    players: tuple[Player, ...]
    places: tuple[Any, ...]

    @property
    def key(self) -> str:
        """What a choice for it is keyed by: the name as compared."""
        return fold(self.typed)


def asked(questions: Sequence[Question]) -> list[dict[str, Any]]:
    """The questions as the API answers them."""
    return [
        {
            "name": q.typed,
            "lines": list(q.places),
            "players": [{"id": p.pk, "name": p.name, "member_number": p.member_number} for p in q.players],
        }
        for q in questions
    ]


def questions_of(found: Sequence[tuple[Any, NearName]]) -> list[Question]:
    """(place, refusal) pairs gathered into one question a name, in the order first met."""
    out: dict[str, Question] = {}
    for place, near in found:
        key = fold(near.typed)
        have = out.get(key)
        places = (*have.places, place) if have else (place,)
        out[key] = Question(near.typed, near.players, places)
    return list(out.values())


#: What a typed name means: a roster player, or a visitor to add.
Person = Player | Visitor


def person_key(person: Person) -> tuple[str, Any]:
    """What makes two mentions one person: the roster entry, or the visitor's name."""
    return ("new", fold(person.name)) if isinstance(person, Visitor) else ("player", person.pk)


class Roster:
    """The club's roster (merged entries aside), to match names: by name and member number, any case;
    and the names near a typed one (``near_names``, its index built the first time it is asked)."""

    def __init__(self, club: Any) -> None:
        players = list(Player.objects.filter(club=club, merged_into__isnull=True).order_by("name", "pk"))
        self.players = players
        self._near: NearIndex[Player] | None = None
        self.by_number = {p.member_number.casefold(): p for p in players if p.member_number}
        self.by_name: dict[str, list[Player]] = {}
        for p in players:
            self.by_name.setdefault(fold(p.name), []).append(p)

    def find(self, typed: str, choices: Mapping[str, Any] | None = None) -> Person:
        """The player a name (or member number) means, else what the director chose for it (``choices``:
        by the name as compared), else a visitor; a ``NearName`` when it is near a roster name, and a
        ``UserError`` when two players could be meant."""
        typed = " ".join(typed.split())
        by_name = self._by_name(typed)
        if by_name is not None:
            return by_name
        by_number = self.by_number.get(typed.casefold())
        if by_number is not None:
            return by_number
        numbered = NUMBERED.match(typed)
        if numbered and numbered["number"].strip().casefold() in self.by_number:
            return self.by_number[numbered["number"].strip().casefold()]
        name = column_text(typed, Player, "name", label="A player's name")
        chosen = (choices or {}).get(fold(name))
        if chosen is not None and str(chosen).strip():
            return self.chosen(name, str(chosen).strip())
        near = self.near(name)
        if near:
            raise NearName(name, near)
        return Visitor(name)

    def near(self, typed: str) -> list[Player]:
        """The roster's players whose names are near ``typed``, nearest first."""
        if self._near is None:
            self._near = NearIndex.of((p, p.name) for p in self.players)
        return self._near.near(typed)

    def chosen(self, name: str, choice: str) -> Person:
        """What the director chose for a name: a visitor, a new member, or a roster player (by id)."""
        if choice in (AS_VISITOR, AS_MEMBER):
            return Visitor(name, member=choice == AS_MEMBER)
        found = next((p for p in self.players if str(p.pk) == choice), None)
        if found is None:
            raise UserError(f"Choose a player of the roster for “{name}”, a visitor, or a new member.")
        return found

    def _by_name(self, typed: str) -> Player | None:
        """The one player of this name (the active one, of an active and a retired), or None."""
        found = self.by_name.get(fold(typed), [])
        meant = [p for p in found if p.active] or found
        if len(meant) <= 1:
            return meant[0] if meant else None
        numbers = [p.member_number for p in meant if p.member_number]
        if len(numbers) == len(meant):
            hint = f"write the member number instead ({' or '.join(numbers)})"
        else:
            hint = "give each a member number on the roster (or merge them, if they are one person)"
        raise UserError(f"{len(meant)} players on the roster are called {meant[0].name}: {hint}.")

    def ambiguous(self, player: Player) -> bool:
        """Whether another roster entry has this player's name."""
        return len(self.by_name.get(fold(player.name), [])) > 1


# --- A session's entrants --------------------------------------------------------------------------------


@dataclass(frozen=True)
class EntrantLine:
    """One line of a session's list, read: its number in the text, its people, its team (or None)."""

    number: int
    people: tuple[Person, ...]
    team: int | None = None


@dataclass
class Added:
    """What a list (or the entrants form) added: the entrants, the players new on the roster, and the
    retired players made active again."""

    entrants: list[Entrant]
    new_players: list[Player] = field(default_factory=list)
    active_again: list[Player] = field(default_factory=list)


def _count_refusal(count: int, kind: str, size: int) -> str:
    """Why a line names too few or too many players."""
    names = f"{count} name{'' if count == 1 else 's'}"
    if kind == Entrant.Kind.PLAYER:
        return f"{names}: write one player a line."
    if kind == Entrant.Kind.PAIR:
        return f"{names}: a pair has two players, e.g. “Ann Lee & Bob Hart”."
    order = ", in the order North, South, East, West" if size == 4 else ""
    return f"{names}: a team has {size} players{order}."


def entrant_line(
    number: int, line: str, *, session: Session, roster: Roster, choices: Mapping[str, Any] | None = None
) -> EntrantLine:
    """One line read: its team (teams of more than eight), its names matched; a ``UserError`` says why not."""
    if "\x00" in line:
        raise UserError("The line holds a character that cannot be stored (NUL).")
    team = None
    if is_teams_session(session):
        prefix = TEAM_PREFIX.match(line)
        if prefix is None:
            raise UserError("Begin the line with the pair's team, e.g. “Team 1: Ann Lee & Bob Hart”.")
        team, line = check_team_number(prefix[1]), line[prefix.end() :]
    kind, size = KIND_SHAPE[session.entrant_kind]
    names = split_names(line)
    if len(names) != size:
        raise UserError(_count_refusal(len(names), kind, size))
    people, near = [], []
    for name in names:
        try:
            people.append(roster.find(name, choices))
        except NearName as exc:
            near.append(exc)
    if near:
        raise NearNames(near)
    return EntrantLine(number=number, people=tuple(people), team=team)


class NearNames(UserError):
    """A line's names near roster entries (``near``), said together."""

    def __init__(self, near: Sequence[NearName]) -> None:
        self.near = list(near)
        super().__init__(" ".join(n.message for n in near))


class NamesAsked(LinesRefused):
    """A list refused because some names are near roster entries: ``questions`` asks which is meant."""

    def __init__(self, lines: Iterable[tuple[int, str]], questions: Sequence[Question]) -> None:
        super().__init__(lines)
        self.questions = list(questions)
        self.did_you_mean = asked(self.questions)


def _entered(session: Session) -> dict[int, str]:
    """Player id -> the entrant the player is in already ("pair 3")."""
    members = EntrantMember.objects.filter(session=session).select_related("entrant")
    return {m.player_id: f"{m.entrant.kind} {m.entrant.number}" for m in members}


def _clashes(lines: Sequence[EntrantLine], entered: Mapping[int, str]) -> dict[int, str]:
    """Line -> why: a player entered already, or named on an earlier line (or twice on one)."""
    first: dict[tuple[str, Any], int] = {}
    out: dict[int, str] = {}
    for line in lines:
        for person in line.people:
            key = person_key(person)
            if isinstance(person, Player) and person.pk in entered:
                out.setdefault(line.number, f"{person.name} is already entered ({entered[person.pk]}).")
            elif key in first:
                where = "twice on this line" if first[key] == line.number else f"also on line {first[key]}"
                out.setdefault(line.number, f"{person.name} is {where}.")
            first.setdefault(key, line.number)
    return out


class _Players:
    """Turns the people of a list into roster players: a visitor (or new member) added, a retired player
    made active."""

    def __init__(self, club: Any, user: Any) -> None:
        self.club, self.user = club, user
        self.made: dict[tuple[str, Any], Player] = {}
        self.again: list[Player] = []

    def player(self, person: Person) -> Player:
        """The roster player for this person (added to the roster the first time a visitor is named)."""
        if isinstance(person, Visitor):
            key = person_key(person)
            if key not in self.made:
                self.made[key] = player_create(
                    club=self.club, name=person.name, visitor=not person.member, user=self.user
                )
            return self.made[key]
        if not person.active:
            number = person.member_number
            player_update(player=person, name=person.name, member_number=number, active=True, user=self.user)
            self.again.append(person)
        return person


def _row_number(field_name: str | None) -> int:
    """The row of an entrants form's field ("r12_1" -> 12)."""
    head = (field_name or "r0").split("_")[0][1:]
    return int(head) if head.isdigit() else 0


@transaction.atomic
def entrants_add_names(
    *, session: Session, text: Any, choices: Mapping[str, Any] | None = None, user: Any = None
) -> Added:
    """Enter a pasted list, one entrant a line; all or nothing. A name on no roster entry adds a visitor
    (or, as ``choices`` says, a new member or the player meant); one near a roster name is asked about
    (``NamesAsked``) unless ``choices`` answers it."""
    require_status(session, Session.Status.DRAFT, doing="add an entrant")
    kind, _ = KIND_SHAPE[session.entrant_kind]
    lines = list_lines(text, most=MAX_LINES, what=f"the {kind}s")
    choices = _checked_choices(choices)
    roster, read, problems = Roster(session.club), list[EntrantLine](), dict[int, str]()
    near: list[tuple[Any, NearName]] = []
    for number, line in lines:
        try:
            read.append(entrant_line(number, line, session=session, roster=roster, choices=choices))
        except NearNames as exc:
            problems[number] = exc.message
            near += [(number, n) for n in exc.near]
        except UserError as exc:
            problems[number] = exc.message
    for number, why in _clashes(read, _entered(session)).items():
        problems.setdefault(number, why)
    if near:
        raise NamesAsked(problems.items(), questions_of(near))
    if problems:
        raise LinesRefused(problems.items())
    players = _Players(session.club, user)
    rows = [(line.number, [players.player(p) for p in line.people]) for line in read]
    try:
        teams = {line.number: line.team for line in read}
        added = entrants_add(session=session, rows=rows, teams=teams, user=user)
    except FieldErrors as exc:
        raise LinesRefused((_row_number(name), why) for name, why in exc.errors.items()) from None
    return Added(added, list(players.made.values()), players.again)


#: The most choices one list (or form) may carry: one for each name it may hold.
MAX_CHOICES = 8 * MAX_LINES


def _checked_choices(choices: Any) -> dict[str, str]:
    """The director's choices for near names, by the name as compared: a player's id, "visitor" or
    "member"; a ``UserError`` on ``choices`` for anything else."""
    if not choices:
        return {}
    if not isinstance(choices, Mapping) or len(choices) > MAX_CHOICES:
        raise UserError(f"Choices are a name -> choice map of at most {MAX_CHOICES}.", field="choices")
    out = {}
    for name, choice in choices.items():
        value = str(choice).strip()
        if not (value in (AS_VISITOR, AS_MEMBER) or (value.isdigit() and len(value) <= 18)):
            raise UserError(
                f"For “{str(name)[:60]}” choose a player's id, “visitor” or “member”.", field="choices"
            )
        out[fold(str(name))] = value
    return out


#: A row of the entrants form: its number, and each place's roster player, a visitor's name, or None.
Row = tuple[int, Sequence[Player | str | None]]


@transaction.atomic
def entrants_add_rows(
    *,
    session: Session,
    rows: Sequence[Row],
    teams: Mapping[int, Any] | None = None,
    choices: Mapping[str, Any] | None = None,
    user: Any = None,
) -> Added:
    """The entrants form's rows, where a place may name a visitor instead of a roster player; all or none.
    A name near a roster entry is asked about, as on a list (``entrants_add_names``): the refusal's
    ``questions`` name the places ("r3_2")."""
    require_status(session, Session.Status.DRAFT, doing="add an entrant")
    roster = Roster(session.club) if any(isinstance(p, str) for _, row in rows for p in row) else None
    players, choices = _Players(session.club, user), _checked_choices(choices)
    picked: list[tuple[int, list[Player | None]]] = []
    errors: dict[str, str] = {}
    near: list[tuple[Any, NearName]] = []
    for number, places in rows:
        try:
            picked.append((number, [_place(p, roster, players, choices) for p in places]))
        except NearName as exc:
            where = f"r{number}_{_typed_place(places, exc.typed)}"
            errors[where] = exc.message
            near.append((where, exc))
        except UserError as exc:
            errors[f"r{number}_1"] = exc.message
    added: list[Entrant] = []
    try:
        if picked or not errors:
            added = entrants_add(session=session, rows=picked, teams=teams, user=user)
    except FieldErrors as exc:
        errors = {**exc.errors, **errors}
    if errors:
        raise RowsRefused(dict(sorted(errors.items(), key=lambda item: _row_number(item[0]))), near)
    return Added(added, list(players.made.values()), players.again)


class RowsRefused(FieldErrors):
    """The entrants form's rows refused, each at its field; ``questions`` for names near roster entries."""

    def __init__(self, errors: dict[str, str], near: Sequence[tuple[Any, NearName]] = ()) -> None:
        super().__init__(errors)
        self.questions = questions_of(near)
        self.did_you_mean = asked(self.questions)


def _typed_place(places: Sequence[Player | str | None], typed: str) -> int:
    """The place (1, 2, ...) of a row where a name was typed."""
    return next((i for i, p in enumerate(places, 1) if isinstance(p, str) and fold(p) == fold(typed)), 1)


def _place(
    chosen: Player | str | None, roster: Roster | None, players: _Players, choices: Mapping[str, str]
) -> Player | None:
    """A place of a row: the player picked, or the one a typed name means (a visitor added)."""
    if not isinstance(chosen, str):
        return chosen
    if roster is None or not chosen.strip():
        return None
    return players.player(roster.find(chosen, choices))


# --- Last week's pairs -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Previous:
    """The club's most recent earlier session of the same kind, as a list; how many entrants were left out."""

    session: Session | None
    text: str = ""
    left_out: int = 0


def previous_session(session: Session) -> Session | None:
    """The club's most recent session of the same kind before this one (by date, then by creation)."""
    earlier = Q(date__lt=session.date) | Q(date=session.date, pk__lt=session.pk)
    return (
        Session.objects.filter(earlier, club_id=session.club_id, entrant_kind=session.entrant_kind)
        .filter(pk__in=EntrantMember.objects.values("session_id"))
        .order_by("-date", "-pk")
        .first()
    )


def previous_entrants(session: Session) -> Previous:
    """Last week's entrants as a list for this session: phantoms, and entrants with a player entered
    here already, left out; a name that two roster entries share written with the member number."""
    before = previous_session(session)
    if before is None:
        return Previous(None)
    kind, _ = KIND_SHAPE[session.entrant_kind]
    taken = set(EntrantMember.objects.filter(session=session).values_list("player_id", flat=True))
    roster = Roster(session.club)
    entrants = (
        before.entrants.filter(kind=kind, is_phantom=False)
        .select_related("team")
        .prefetch_related("members__player")
        .order_by("number")
    )
    lines, left_out = [], 0
    for entrant in entrants:
        members = sorted(entrant.members.all(), key=lambda m: m.order)
        if not members or any(m.player_id in taken for m in members):
            left_out += 1
            continue
        lines.append(_written(entrant, [m.player for m in members], roster))
    return Previous(before, "\n".join(lines), left_out)


def _written(entrant: Entrant, players: Sequence[Player], roster: Roster) -> str:
    """One entrant as a line of a list ("Team 1: " first for teams of more than eight)."""
    joiner = " & " if entrant.kind == Entrant.Kind.PAIR else ", "
    line = joiner.join(_name_of(p, roster) for p in players)
    return f"Team {entrant.team.number}: {line}" if entrant.team_id and entrant.team else line


def _name_of(player: Player, roster: Roster) -> str:
    """A player as a list names them: by name, with the member number where the name is shared or would
    be read as two names."""
    if player.member_number and len(split_names(player.name)) != 1:
        return player.member_number
    if player.member_number and roster.ambiguous(player):
        return f"{player.name} ({player.member_number})"
    return player.name


# --- New players for the roster ----------------------------------------------------------------------------


@dataclass(frozen=True)
class NewPlayer:
    """A line of a list of new players, checked."""

    line: int
    name: str
    member_number: str


def _new_player(number: int, line: str, roster: Roster) -> NewPlayer:
    """One line, "name" or "name, member number", checked as ``player_create`` checks it."""
    parts = [part.strip() for part in re.split(r"[,\t]", line)]
    if len(parts) > 2:
        raise UserError("More than one comma: write “name, member number”.")
    name = column_text(parts[0], Player, "name", label="A player's name")
    member = column_text(parts[1] if len(parts) > 1 else "", Player, "member_number", label="A member number")
    if not name:
        raise UserError("No name before the comma.")
    taken = roster.by_number.get(member.casefold()) if member else None
    if taken is not None:
        raise UserError(f"Member number {member} is already on the roster ({taken.name}).")
    if not member and fold(name) in roster.by_name:
        raise UserError(
            f"{name} is already on the roster: add a member number to add another player of that name."
        )
    return NewPlayer(line=number, name=name, member_number=member)


def _repeats(rows: Sequence[NewPlayer]) -> dict[int, str]:
    """Line -> why: a member number, or a name without one, on an earlier line too."""
    first: dict[tuple[str, str], int] = {}
    out: dict[int, str] = {}
    for row in rows:
        key = ("number", row.member_number.casefold()) if row.member_number else ("name", fold(row.name))
        if key in first:
            what = f"Member number {row.member_number}" if row.member_number else row.name
            out[row.line] = f"{what} is also on line {first[key]}."
        first.setdefault(key, row.line)
    return out


@transaction.atomic
def players_add_names(*, club: Any, text: Any, user: Any = None) -> list[Player]:
    """Add a list of players to the roster, one a line ("name" or "name, member number"); all or nothing."""
    lines = list_lines(text, most=MAX_ROSTER_LINES, what="the players' names")
    roster, rows, problems = Roster(club), list[NewPlayer](), dict[int, str]()
    for number, line in lines:
        try:
            rows.append(_new_player(number, line, roster))
        except UserError as exc:
            problems[number] = exc.message
    for number, why in _repeats(rows).items():
        problems.setdefault(number, why)
    if problems:
        raise LinesRefused(problems.items())
    return [
        player_create(club=club, name=row.name, member_number=row.member_number, user=user) for row in rows
    ]
