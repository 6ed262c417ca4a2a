"""Planning: the skills' planners as the graph asks them, and their view of a turn.

The view (`view.TurnView`) is built from the state: the conversation's messages, and the user's
time zone and L1 entries as data (`view.Facts`), cut per skill so each planner sees its own part;
suggestion.py offers the planned call to a real model and words the results; checks.py tells a
correction the model did not take in. Imports nothing from `graph/` or `llm/`: both build on it.
"""
