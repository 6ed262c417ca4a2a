"""`make eval-llm`: the mission's conversations through the real product on the local model."""
