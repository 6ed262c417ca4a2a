"""Where conversations live: session documents and RAM-only guest sessions."""
