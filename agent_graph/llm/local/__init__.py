"""The local model: a verified GGUF file served by llama.cpp's `llama-server`, run by the app."""
