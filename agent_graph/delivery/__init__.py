"""Delivering what the platform tells people outside a conversation: signed webhooks, email."""
