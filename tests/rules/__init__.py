"""Tests for the pure rules modules in desktop/rules."""
