# ruff: noqa: E501  (the messages are data, each on one line)
"""What the reader makes of each file in ``tests/data/pbn/``: the boards it takes and its notes,
or every problem for which it refuses the file (its source and licence: ``tests/data/pbn/README.md``)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Taken:
    """A file the club can import: the boards it gives, and what it left."""

    boards: list[int]
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Refused:
    """A file the club cannot import, with every problem (board or game, line, reason)."""

    problems: list[str]


EXPECTED: dict[str, Taken | Refused] = {
    "basic_10.pbn": Taken(
        boards=[300],
        notes=[
            "Not taken, as a whist tray has no use for them: Auction, Contract, Declarer, East, North, Play, Result, Score, ScoreIMP, South, Vulnerable, West."
        ],
    ),
    "basic_20.pbn": Taken(
        boards=[300],
        notes=[
            "Not taken, as a whist tray has no use for them: Auction, Contract, Declarer, East, North, Play, Result, Score, ScoreIMP, ScoreTable, South, Vulnerable, West."
        ],
    ),
    "correct_10.pbn": Refused(
        [
            "Board 1 (line 67): only North and South given; a tray needs all four hands (three, and the fourth follows).",
            "Game 3 (line 109): a deal with no board number: say which tray it goes on with [Board].",
            "Game 25 (line 316): a deal with no board number: say which tray it goes on with [Board].",
            "Game 25 (line 316): only North and South given; a tray needs all four hands (three, and the fourth follows).",
            "Game 27 (line 376): a deal with no board number: say which tray it goes on with [Board].",
            "Game 28 (line 383): a deal with no board number: say which tray it goes on with [Board].",
            "Game 29 (line 391): a deal with no board number: say which tray it goes on with [Board].",
            "Game 30 (line 398): a deal with no board number: say which tray it goes on with [Board].",
            "Game 31 (line 404): a deal with no board number: say which tray it goes on with [Board].",
        ]
    ),
    "correct_20.pbn": Refused(
        [
            "Board 1 (line 152): game 16 gives board 1 another deal than game 1 (line 24).",
            "Board 1 (line 215): game 20 gives board 1 another deal than game 1 (line 24).",
            "Board 1 (line 246): game 24 gives board 1 another deal than game 1 (line 24).",
            "Board 1 (line 293): game 25 gives board 1 another deal than game 1 (line 24).",
            "Game 26 (line 333): a deal with no board number: say which tray it goes on with [Board].",
            "Game 27 (line 342): a deal with no board number: say which tray it goes on with [Board].",
            "Game 28 (line 354): a deal with no board number: say which tray it goes on with [Board].",
            "Game 29 (line 366): a deal with no board number: say which tray it goes on with [Board].",
            "Game 30 (line 375): a deal with no board number: say which tray it goes on with [Board].",
            "Game 31 (line 386): a deal with no board number: say which tray it goes on with [Board].",
            "Game 31 (line 386): an end position (hands of 12 cards), not a whole deal.",
            "Board 1 (line 403): only South given; a tray needs all four hands (three, and the fourth follows).",
            "Board 2 (line 420): only South given; a tray needs all four hands (three, and the fourth follows).",
            "Board 3 (line 443): only South given; a tray needs all four hands (three, and the fourth follows).",
            "Board 4 (line 461): only South given; a tray needs all four hands (three, and the fourth follows).",
            "Board 5 (line 480): only South given; a tray needs all four hands (three, and the fourth follows).",
            "Board 1 (line 509): only East and West given; a tray needs all four hands (three, and the fourth follows).",
            "Board 2 (line 524): only East and West given; a tray needs all four hands (three, and the fourth follows).",
            "Board 3 (line 541): only East and West given; a tray needs all four hands (three, and the fourth follows).",
            "Board 4 (line 560): only East and West given; a tray needs all four hands (three, and the fourth follows).",
            "Board 5 (line 575): only East and West given; a tray needs all four hands (three, and the fourth follows).",
            "Board 6 (line 593): only East and West given; a tray needs all four hands (three, and the fourth follows).",
            "Board 7 (line 610): only East and West given; a tray needs all four hands (three, and the fourth follows).",
            "Board 8 (line 624): only East and West given; a tray needs all four hands (three, and the fourth follows).",
            "Board 1 (line 638): game 45 gives board 1 another deal than game 1 (line 24).",
            "Board 1 (line 684): game 46 gives board 1 another deal than game 1 (line 24).",
        ]
    ),
    "correct_21.pbn": Taken(
        boards=[1, 16],
        notes=[
            "Not taken, as a whist tray has no use for them: Auction, Contract, Declarer, East, North, OptimumPlayTable, OptimumResultTable, OptimumScore, Play, Result, Round, Score, ScoreIMP, South, Vulnerable, West."
        ],
    ),
    "errors_10.pbn": Refused(
        [
            "Game 2 (line 11): [Event] has no value in quotes.",
            "Game 3 (line 15): [Event] has no value in quotes.",
            "Game 11 (line 47): a deal with no board number: say which tray it goes on with [Board].",
            "Game 11 (line 47): West's hand has 'V', which is not a rank.",
            "Game 12 (line 51): a deal with no board number: say which tray it goes on with [Board].",
            "Game 12 (line 51): K♠ is dealt twice.",
            "Game 13 (line 55): a deal with no board number: say which tray it goes on with [Board].",
            "Game 13 (line 55): a hand has 13 cards; here North 12, West 14 cards.",
            "Game 14 (line 59): a deal with no board number: say which tray it goes on with [Board].",
            "Game 14 (line 59): a hand has 13 cards; here West 12 cards.",
            "Game 15 (line 63): a deal with no board number: say which tray it goes on with [Board].",
            "Game 15 (line 63): a hand has 13 cards; here West 12 cards.",
            "Game 16 (line 67): a deal with no board number: say which tray it goes on with [Board].",
            "Game 16 (line 67): only West given; a tray needs all four hands (three, and the fourth follows).",
            "Game 17 (line 71): a deal with no board number: say which tray it goes on with [Board].",
            "Game 17 (line 71): a hand has 13 cards; here West 14 cards.",
            "Game 18 (line 75): a deal with no board number: say which tray it goes on with [Board].",
            "Game 18 (line 75): no hand is given; a tray needs all four hands (three, and the fourth follows).",
            "Game 23 (line 95): 'bad' is not a tag pair.",
            "Game 27 (line 112): a deal with no board number: say which tray it goes on with [Board].",
            "Game 28 (line 118): a deal with no board number: say which tray it goes on with [Board].",
            "Game 45 (line 322): a deal with no board number: say which tray it goes on with [Board].",
            "Game 46 (line 334): a deal with no board number: say which tray it goes on with [Board].",
            "Game 47 (line 355): a deal with no board number: say which tray it goes on with [Board].",
            "Game 48 (line 374): a deal with no board number: say which tray it goes on with [Board].",
            "Game 49 (line 399): a deal with no board number: say which tray it goes on with [Board].",
            "Game 50 (line 417): a deal with no board number: say which tray it goes on with [Board].",
            "Game 51 (line 444): a deal with no board number: say which tray it goes on with [Board].",
            "Game 52 (line 456): a deal with no board number: say which tray it goes on with [Board].",
            "Game 53 (line 468): a deal with no board number: say which tray it goes on with [Board].",
            "Game 54 (line 480): a deal with no board number: say which tray it goes on with [Board].",
            "Game 55 (line 493): a deal with no board number: say which tray it goes on with [Board].",
            "Game 56 (line 502): a deal with no board number: say which tray it goes on with [Board].",
            'Game 63 (line 772): [Dealer "#"] may not be inherited.',
            'Game 63 (line 773): [Vulnerable "#"] may not be inherited.',
            'Game 63 (line 774): [Deal "#"] may not be inherited.',
            'Game 63 (line 775): [Declarer "#"] may not be inherited.',
            'Game 63 (line 776): [Contract "#"] may not be inherited.',
            'Game 63 (line 777): [Auction "#"] may not be inherited.',
            'Game 63 (line 779): [Play "#"] may not be inherited.',
            "Game 63 (line 774): a deal with no board number: say which tray it goes on with [Board].",
            "Board 1 (line 848): game 72 gives board 1 another deal than game 29 (line 137).",
            "Game 73 (line 870): a deal with no board number: say which tray it goes on with [Board].",
            "Board 4 (line 955): the value of [Note] is not closed with '\"'.",
            "Board 4 (line 957): the value of [Note] is not closed with '\"'.",
        ]
    ),
    "errors_20.pbn": Refused(
        [
            "Game 7 (line 33): a deal with no board number: say which tray it goes on with [Board].",
            "Game 8 (line 46): a deal with no board number: say which tray it goes on with [Board].",
            "Game 9 (line 59): a deal with no board number: say which tray it goes on with [Board].",
            "Game 10 (line 72): a deal with no board number: say which tray it goes on with [Board].",
            "Game 11 (line 85): a deal with no board number: say which tray it goes on with [Board].",
            "Game 12 (line 97): the value of [ActionTable] is not closed with '\"'.",
            "Game 13 (line 100): the value of [ActionTable] is not closed with '\"'.",
            "Game 17 (line 117): a tag pair is not closed before the empty line.",
            "Game 18 (line 121): a ']' with no '[' before it.",
        ]
    ),
    "errors_21.pbn": Refused(["There is no board with a [Deal] in this file."]),
    "example1.pbn": Taken(
        boards=[1],
        notes=[
            "Not taken, as a whist tray has no use for them: Auction, Contract, Declarer, East, HomeTeam, North, Play, Result, Room, Round, Score, Section, South, Table, VisitTeam, West.",
            "Given in several games with the same deal, taken once: board 1.",
        ],
    ),
    "example2.pbn": Taken(
        boards=[11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
        notes=[
            "Not taken, as a whist tray has no use for them: Auction, Competition, Contract, Declarer, DoubleDummyTricks, East, HomeTeam, North, Note, OptimumResultTable, OptimumScore, Play, Result, Score, ScoreIMP, Scoring, South, Table, VisitTeam, Vulnerable, West.",
            "Given in several games with the same deal, taken once: boards 11-20.",
        ],
    ),
    "sample.pbn": Taken(
        boards=[11, 17],
        notes=[
            "Not taken, as a whist tray has no use for them: Auction, Competition, Contract, Declarer, DoubleDummyTricks, East, HomeTeam, North, Note, OptimumResultTable, OptimumScore, Play, Result, Score, ScoreIMP, Scoring, South, Table, VisitTeam, West."
        ],
    ),
}
