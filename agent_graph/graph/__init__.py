"""The LangGraph state machine: state, wiring, routers, nodes and the services they use."""
