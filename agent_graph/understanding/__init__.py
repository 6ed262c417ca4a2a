"""Understanding people's own words: what each skill says it understands (its `intents.yaml`)
and which of those intents a message is nearest to, by similarity with the bundled MiniLM."""
