"""PBN 2.1 for a whist club: read import format, write export format, check export format.

Pure Python, no Django: ``reader`` turns a file into games of tags,
``whist`` takes the deals a tray needs from them, ``writer`` writes deals in
export format, and ``checker`` validates export format as the standard
(``docs/pbn_v21.txt``) defines it.

Why not a parser from PyPI: measured on eleven files other programs wrote
(those of ``tests/data/pbn``, and one more with comments of every kind),
endplay 0.5.12 (already installed for double-dummy tricks) raises on three
of the six valid files (a ``;`` comment after a tag, ``##`` inheritance, a
result of "NS 11") and on the two files of errors without naming a board;
bridgebots 0.0.12 reads UTF-8 only (four files raise) and silently drops
games it cannot make bridge sense of (39 of example2's 299, one of
sample's two). Both interpret auctions, contracts and results, which a
whist club does not use and must not be refused for.
"""
