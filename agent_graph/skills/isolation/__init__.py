"""What confines a skill worker: the sandbox it is handed, Landlock, seccomp and the privileges
the launcher drops before exec, its own state folder, and the limits on its replies."""
