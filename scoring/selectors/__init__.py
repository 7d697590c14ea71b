"""The read side of scoring (the HackSoft styleguide's selectors): pages, API, exports and tasks read here.

Each read asks the one visibility rule (``scoring.visibility``) what its
viewer may see. Modules: ``slips`` (the engine's input, complete trays),
``standings`` (snapshots, running score, percentages, names), ``layout``
(standings laid out), ``travellers``, ``cards`` (score cards), ``hands``
(hand records), ``public`` (the public's pages), ``people`` (players and
the ladder), ``members``, ``prizes``. The phone's and the director's reads
are entry's (``entry.selectors``).
"""
