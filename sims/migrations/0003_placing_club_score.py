from django.db import migrations, models


def keep_club_scores(apps, schema_editor):
    """Events published before: each placing's club score worked out as publishing works it out now (a
    published event takes no heat, so its field is the one it was published with)."""
    from sims import selectors  # the app's own code, so that the scores are those every page reads
    from sims.models import SimEvent, SimPlacing

    for event in SimEvent.objects.filter(state=SimEvent.State.PUBLISHED):
        for method in event.methods:
            scores = {(r["club"], r["pair"]): r["club_score"] for r in selectors.standings_rows(event, method)}
            for placing in SimPlacing.objects.filter(event=event, method=method).select_related("sim_club"):
                placing.club_score = scores.get((placing.sim_club.name, placing.pair), "")
                placing.save(update_fields=["club_score"])


class Migration(migrations.Migration):
    dependencies = [
        ("sims", "0002_field_bounded_and_kept"),
    ]

    operations = [
        migrations.AddField(
            model_name="simplacing",
            name="club_score",
            field=models.CharField(blank=True, default="", max_length=30),
        ),
        migrations.RunPython(keep_club_scores, migrations.RunPython.noop),
    ]
