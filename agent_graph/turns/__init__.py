"""The turn engine: a turn run over the graph, its events, runs that outlive a request, takeover
and interrupted turns. No HTTP here: agent_graph/server/ serves these."""
