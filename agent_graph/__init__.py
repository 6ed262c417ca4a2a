"""PropSearch's core. Importing it keeps every start path off the network: the variables that
stop LiteLLM's cost-map fetch and LangSmith's tracing are set here, before anything imports them
(config.quiet_env)."""

from agent_graph.config import quiet_env

quiet_env()
