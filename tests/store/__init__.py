"""Tests of the store: real SQLite files in tmp_path, never mocks."""
