"""The downtime session: planning (Qt-free), its forms, the dialog and the Downtime menu."""
