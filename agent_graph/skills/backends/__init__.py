"""What runs a skill's workers: the pool and the process, docker, service and MCP backends it
drives, with their one-shot client, ports and logs."""
