"""The server storage profile's PostgreSQL side: sessions, preferences, episodes, semantic memory."""
