"""PropSearch benchmark suite: `python -m bench` (full) or `python -m bench --smoke` (CI)."""
