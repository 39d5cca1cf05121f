"""Tests of GM Desk: benchmarks."""
