"""The club and its sessions: players, entrants, tables, rounds, seatings, trays, deals."""
