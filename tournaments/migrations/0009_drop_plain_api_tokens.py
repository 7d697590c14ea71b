"""The old plain-text API tokens (DRF's authtoken table) are dropped: no key is kept in the clear."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0008_api_tokens")]

    operations = [
        migrations.RunSQL("DROP TABLE IF EXISTS authtoken_token", reverse_sql=migrations.RunSQL.noop),
    ]
