"""Planning, in one place: the skills' planners, how they run, and their view of a turn.

planners.py asks every skill's planner (`planner.py` or `planner/` in its folder), each running
confined in a process of its own (process.py starts host.py through the skills' launcher) and
asked through planner.py (one function, or several in one round trip); heard_plans.py plans a
message whose two parts are two skills' wishes (two_skills.py cuts it);
cache.py keeps answers that depend on their argument alone. The view (`view.TurnView`) is built
from the state: the conversation's messages, and the facts facts.py reads from the state (the
user's time zone and L1 entries, the skill of each tool) as data (`view.Facts`), cut per skill so
each planner sees its own part; suggestion.py offers the planned call to a real model and words
the results; checks.py tells a correction the model did not take in. Imports nothing from
`graph/` or `llm/`: both build on it.
"""
