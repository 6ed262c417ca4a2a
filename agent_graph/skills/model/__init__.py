"""What a skill declares: its manifest (SKILL.md, AGENT.md, .env), jobs, per-tool metadata and
entry kinds, the model's view of a result, argument checks, and who owns a tool name."""
