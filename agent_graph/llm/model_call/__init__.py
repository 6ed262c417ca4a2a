"""One model call behind capabilities, after pydantic-ai's: frozen request and response records
(`records.py`), small hooks that return new values and declare their order (`protocol.py`), and
the hooks a kind of model needs, which its profile supplies (`kinds.py`)."""
