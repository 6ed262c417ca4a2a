"""Planning: the skills' planners as the graph asks them, and their view of a turn.

The view (`view.planner_turn`) is built from the conversation's messages and the turn's data;
suggestion.py offers the planned call to a real model and words the results; checks.py is
what a planner's `check` reads. Imports nothing from `graph/` or `llm/`: both build on it.
"""
