"""Custom widgets shared by the docks."""
