"""GM Desk's tests."""
