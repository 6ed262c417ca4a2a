"""Background jobs skills declare in SKILL.md, run by a job library (docs/jobs.md)."""
