"""Chat models: the factory, the keyless offline dispatcher."""
