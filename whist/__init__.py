"""The bottom of the project: the pack, the seats, and one way to keep a register.

- ``cards``: the one table of suits, ranks and seats (letters, glyphs,
  names, order), after W. H. Barney, *Whist and Duplicate Whist* (1900);
- ``figures``: ``rounded``, the one way an exact figure is rounded for
  reading (half away from zero, never through a float);
- ``registry``: ``Register``, values kept by name in the order given, a
  name once (the movement families and the scoring methods are two).

Pure Python: it imports nothing of the project and nothing of Django
(``tests/foundation/test_layering.py`` walks that), so the engines, the
apps and the printing all read it.
"""
