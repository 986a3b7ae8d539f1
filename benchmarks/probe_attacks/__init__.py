"""The probe's attacks, one module per family (see benchmarks/probe.py)."""
