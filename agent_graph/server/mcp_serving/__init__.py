"""PropSearch served over MCP (`/mcp`)."""
