"""Free-text wishes matched against what each listing's description says, by meaning.

`text` splits and checks wishes (no dependencies: the criteria parser imports it); `embedder`
reads the pinned MiniLM; `index` builds and loads the description vectors; `scoring` matches
wishes to homes and picks the clauses to quote.
"""
