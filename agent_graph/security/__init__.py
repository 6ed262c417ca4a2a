"""Who may do what and what may leak: tokens, roles, secret scrubbing, request limits."""
