"""The organiser's side of a simultaneous event: its deals, the clubs taking part, their heats, the field."""
