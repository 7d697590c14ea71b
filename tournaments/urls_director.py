"""The director's pages (login required; a director sees only the clubs they direct)."""

from django.urls import path

from .views import designer, director, drive, printing, roster, series, setup, tokens

app_name = "director"

urlpatterns = [
    path("", director.DirectorHomeView.as_view(), name="home"),
    path("s/<int:pk>/", director.SessionDetailView.as_view(), name="session"),
    # The director's own API tokens: listed, and revoked one by one.
    path("tokens/", tokens.ApiTokensView.as_view(), name="tokens"),
    path("tokens/<int:pk>/revoke/", tokens.ApiTokenRevokeView.as_view(), name="token_revoke"),
    # Set-up (issue #5, steps 1-5): roster, new session, rotations, trays, print.
    path("club/<slug:club>/provisional/", director.ClubProvisionalView.as_view(), name="club_provisional"),
    path("club/<slug:club>/roster/", roster.RosterView.as_view(), name="roster"),
    path("club/<slug:club>/roster/search.json", roster.RosterSearchJsonView.as_view(), name="roster_search"),
    path("club/<slug:club>/roster/import/", roster.RosterImportView.as_view(), name="roster_import"),
    path("club/<slug:club>/roster/names/", roster.RosterNamesView.as_view(), name="roster_names"),
    path("club/<slug:club>/roster/p/<int:pk>/", roster.PlayerEditView.as_view(), name="player_edit"),
    path(
        "club/<slug:club>/roster/p/<int:pk>/active/", roster.PlayerActiveView.as_view(), name="player_active"
    ),
    path("club/<slug:club>/roster/p/<int:pk>/merge/", roster.PlayerMergeView.as_view(), name="player_merge"),
    path(
        "club/<slug:club>/roster/p/<int:pk>/member/", roster.PlayerMemberView.as_view(), name="player_member"
    ),
    path("club/<slug:club>/new/", setup.SessionNewView.as_view(), name="session_new"),
    # The club's own movements: designed to order (the search off the request), kept, offered to sessions.
    path("club/<slug:club>/movements/", designer.DesignerView.as_view(), name="designer"),
    path(
        "club/<slug:club>/movements/design.json",
        designer.DesignProgressJsonView.as_view(),
        name="design_json",
    ),
    path("club/<slug:club>/movements/stop/", designer.DesignStopView.as_view(), name="design_stop"),
    path("club/<slug:club>/movements/keep/", designer.DesignKeepView.as_view(), name="design_keep"),
    path(
        "club/<slug:club>/movements/<int:pk>/delete/",
        designer.ClubMovementDeleteView.as_view(),
        name="club_movement_delete",
    ),
    path("club/<slug:club>/series/", setup.SeriesListView.as_view(), name="series"),
    path("series/<int:pk>/", setup.RotationView.as_view(), name="rotation"),
    path("series/<int:pk>/players/", setup.RotationPlayersView.as_view(), name="rotation_players"),
    path("series/<int:pk>/ladder/", series.SeriesLadderRuleView.as_view(), name="series_ladder"),
    path("s/<int:pk>/setup/", setup.SessionSetupView.as_view(), name="setup"),
    path("s/<int:pk>/setup/entrants/", setup.SetupEntrantsView.as_view(), name="setup_entrants"),
    path(
        "s/<int:pk>/setup/entrants/names/", setup.SetupEntrantNamesView.as_view(), name="setup_entrant_names"
    ),
    path(
        "s/<int:pk>/setup/entrants/<int:number>/withdraw/",
        setup.EntrantWithdrawView.as_view(),
        name="setup_withdraw",
    ),
    path("s/<int:pk>/entrants/<int:number>/label/", setup.EntrantLabelView.as_view(), name="entrant_label"),
    path("s/<int:pk>/setup/phantom/", setup.PhantomAddView.as_view(), name="setup_phantom"),
    path("s/<int:pk>/setup/movement/", setup.SetupMovementView.as_view(), name="setup_movement"),
    path("s/<int:pk>/setup/movement/switch/", setup.MovementSwitchView.as_view(), name="movement_switch"),
    path("s/<int:pk>/drive/setup/", drive.DriveSetupView.as_view(), name="drive_setup"),
    path("s/<int:pk>/trays/", setup.TraysView.as_view(), name="trays"),
    path("s/<int:pk>/trays/deal/", setup.TraysDealView.as_view(), name="trays_deal"),
    path("s/<int:pk>/trays/clear/", setup.TraysClearView.as_view(), name="trays_clear"),
    path("s/<int:pk>/trays/trump/", setup.TraysTrumpView.as_view(), name="trays_trump"),
    path("s/<int:pk>/trays/import/", setup.PBNImportView.as_view(), name="pbn_import"),
    path("s/<int:pk>/trays/session.pbn", setup.PBNExportView.as_view(), name="pbn_export"),
    path("s/<int:pk>/trays/sim-pack/", setup.SimPackImportView.as_view(), name="trays_sim_pack"),
    path(
        "s/<int:pk>/trays/sim-pack/remove/", setup.SimPackRemoveView.as_view(), name="trays_sim_pack_remove"
    ),
    path("s/<int:pk>/print/", printing.PrintIndexView.as_view(), name="print"),
    path("s/<int:pk>/print/<slug:doc>.pdf", printing.PrintPdfView.as_view(), name="print_pdf"),
    path("s/<int:pk>/print/<slug:doc>/", printing.PrintPageView.as_view(), name="print_page"),
]
