"""Skills: the registry (registry.py) composes the backends, which run workers confined by
isolation/ and described by model/ (docs/core-pipeline.md, Layers)."""
