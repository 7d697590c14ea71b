"""gunicorn's settings for clubwhist, read by any ``gunicorn`` started from this directory.

Only what every deployment wants: the access log never shows a table's
link (clubwhist.logs). Binding, workers and log files stay on the command line.
"""

logger_class = "clubwhist.logs.MaskedGunicornLogger"
