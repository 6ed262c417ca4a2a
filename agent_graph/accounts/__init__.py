"""Accounts: people, their sign-ins, sessions and API keys (docs/accounts.md)."""
