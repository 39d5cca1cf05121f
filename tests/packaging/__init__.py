"""Tests of GM Desk: packaging."""
