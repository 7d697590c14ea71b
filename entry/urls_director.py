"""The director's pages for running a session (namespace ``run``), mounted under /director/.

They live on the scoring side because they read and write slip lines; the
set-up pages (roster, new session, movement, print) are in
``tournaments.urls_director``. Every path is under ``s/<pk>/run/``.
"""

from django.urls import path

from entry.views import director_checks as checks
from entry.views import director_correct as c
from entry.views import director_laws as laws
from entry.views import director_run as v
from entry.views import drive_director as drive

app_name = "run"

urlpatterns = [
    path("s/<int:pk>/run/", v.BoardView.as_view(), name="board"),
    path("s/<int:pk>/run/board.json", v.BoardJsonView.as_view(), name="board_json"),
    path("s/<int:pk>/run/screen/", v.HallScreenView.as_view(), name="screen"),
    path("s/<int:pk>/run/start/", v.SessionStartView.as_view(), name="start"),
    path("s/<int:pk>/run/calls/<int:call>/answer/", v.CallAnswerView.as_view(), name="call_answer"),
    path("s/<int:pk>/run/timer/", v.TimerView.as_view(), name="timer"),
    path("s/<int:pk>/run/clock/", v.ClockRestartView.as_view(), name="clock_restart"),
    path("s/<int:pk>/run/next-round/", v.SessionAdvanceView.as_view(), name="advance"),
    path("s/<int:pk>/run/tables-advance/", v.TablesAdvanceView.as_view(), name="tables_advance"),
    path("s/<int:pk>/run/round/", v.RoundEnterNowView.as_view(), name="enter_now"),
    path("s/<int:pk>/run/round/<int:round>/", v.RoundEnterView.as_view(), name="enter"),
    path("s/<int:pk>/run/tables/", v.TablesView.as_view(), name="tables"),
    path("s/<int:pk>/run/tables/<int:table>/link/", v.TableLinkView.as_view(), name="table_link"),
    path("s/<int:pk>/run/entrant-links/<int:link>/", v.EntrantLinkView.as_view(), name="entrant_link"),
    path("s/<int:pk>/run/tray/<int:tray>/", c.TrayView.as_view(), name="tray"),
    path("s/<int:pk>/run/tray/<int:tray>/table/<int:table>/award/", c.AwardView.as_view(), name="award"),
    path("s/<int:pk>/run/tray/<int:tray>/table/<int:table>/law/", laws.LawView.as_view(), name="law"),
    path("s/<int:pk>/run/line/<int:line>/", c.LineCorrectView.as_view(), name="line"),
    path("s/<int:pk>/run/line/<int:line>/settle/", c.SettleView.as_view(), name="settle"),
    path("s/<int:pk>/run/line/<int:line>/confirm/", c.ConfirmLineView.as_view(), name="confirm_line"),
    path("s/<int:pk>/run/line/<int:line>/check/", checks.CheckAnswerView.as_view(), name="check_answer"),
    path("s/<int:pk>/run/drive/", drive.DriveBoardView.as_view(), name="drive"),
    path("s/<int:pk>/run/drive/next/", drive.DriveAdvanceView.as_view(), name="drive_advance"),
    path("s/<int:pk>/run/close/", c.CloseView.as_view(), name="close"),
    path("s/<int:pk>/run/close/score-cards.pdf", c.ScoreCardsPdfView.as_view(), name="score_cards_pdf"),
    path("s/<int:pk>/run/close/score-cards/send/", c.ScoreCardsSendView.as_view(), name="score_cards_send"),
    path("s/<int:pk>/run/close/results.pbn", c.ResultsPbnView.as_view(), name="results_pbn"),
    path("s/<int:pk>/run/close/sim-send/", c.SimSendView.as_view(), name="sim_send"),
    path("s/<int:pk>/run/close/sim-field/", c.SimFieldView.as_view(), name="sim_field"),
    path("s/<int:pk>/run/publish/", c.PublishView.as_view(), name="publish"),
    path("s/<int:pk>/run/reopen/", c.ReopenView.as_view(), name="reopen"),
]
