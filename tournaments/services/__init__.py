"""Services: every write to the club's data goes through these functions.

Views, API views, tasks and commands call them; none re-implements a rule
(HackSoftware Django-Styleguide, "Services").
"""
