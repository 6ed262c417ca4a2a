"""Per-user memory: L1 preferences (files), L2 session episodes and L3 tool-result summaries
(Chroma with offline MiniLM embeddings), plus context compaction and result scoring.

Import the submodules directly (``from agent_graph.memory.preferences import PreferenceStore``):
only ``embeddings``/``chroma``/``semantic``/``episodes`` pull in chromadb and onnxruntime.
"""
