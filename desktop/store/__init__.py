"""The campaign file: sqlmodel tables, migrations, backups, locks, import and export."""
