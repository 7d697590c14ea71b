"""A session is a whist drive exactly while its movement is a drive's (``selectors.seated_by_results``).

A drive set up and then seated by another movement kept its drive's options, and was a drive to some
pages and not to others. Those options go: the movement the director chose last decides. A session with
no movement keeps them, to draw the drive again.
"""

from django.db import migrations

#: The drive's methods as the progressive family's variants name them (``movements.drive.DRIVE_METHODS``).
DRIVE_METHODS = ("first", "second", "second-alt")


def end_drives_seated_otherwise(apps, schema_editor):
    """Delete the drive's options of every session seated by a movement that is not a drive's."""
    Drive = apps.get_model("tournaments", "Drive")
    seated = Drive.objects.exclude(session__movement_family="")
    drives = seated.filter(session__movement_family="progressive", session__movement_variant__in=DRIVE_METHODS)
    seated.exclude(pk__in=drives.values("pk")).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0024_resultchange_tray_change"),
    ]

    operations = [
        migrations.RunPython(end_drives_seated_otherwise, migrations.RunPython.noop),
    ]
