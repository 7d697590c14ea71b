"""What the director's set-up pages show, gathered for their templates (forms, figures, diagrams).

Views call these and render; nothing here writes.
"""
