"""Entry and corrections: the results coming in from the tables' phones and the director, and put right.

A send is decided in ``send/`` (read, lock, decide, store); the phone's
doors (page and API) are thin adapters over ``phone_actions``; the
director's running of the evening (the board, calls, decisions, closing)
is in ``services/`` and ``selectors/``. The slips' models, the engines and
the standings are the ``scoring`` app's, below this one: entry writes the
slips and announces the change (``scoring.signals``); scoring hears it.
"""
