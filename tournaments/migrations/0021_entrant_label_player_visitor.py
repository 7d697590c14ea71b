"""An entrant's stored name becomes the director's label: its players' names are read from the roster.

Every pair's name was the app's copy of its players' names as entered (no page or API let a director
give one): it is cleared, so that the pair is named from its players, whose roster entries may since have
been renamed or merged. A team of more than eight keeps "Team n", a phantom "Phantom". The roster's
players gain ``visitor`` (all present players stay members).
"""

from django.db import migrations, models


def clear_copied_names(apps, schema_editor):
    """A non-phantom pair's label was its players' names copied at entry: forget it."""
    Entrant = apps.get_model("tournaments", "Entrant")
    Entrant.objects.filter(kind="pair", is_phantom=False).exclude(label="").update(label="")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_session_release_in_range"),
    ]

    operations = [
        migrations.RenameField(model_name="entrant", old_name="name", new_name="label"),
        migrations.RunPython(clear_copied_names, migrations.RunPython.noop),
        migrations.AddField(
            model_name="player",
            name="visitor",
            field=models.BooleanField(default=False),
        ),
    ]
