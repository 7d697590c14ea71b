"""PBN 2.1 for a whist club: read import format, write export format, check export format.

Pure Python, no Django: ``reader`` turns a file into games of tags,
``whist`` takes the deals a tray needs from them, ``writer`` writes deals in
export format, and ``checker`` validates export format as the standard
(``pbn_v21.txt``) defines it.
"""
