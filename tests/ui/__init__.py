"""Tests of GM Desk: ui."""
