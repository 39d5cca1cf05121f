"""Tests of GM Desk: printing."""
