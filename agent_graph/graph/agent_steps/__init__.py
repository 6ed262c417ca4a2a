"""The agent node's capabilities around its one model call (llm/model_call/), each with one job:
`before` may answer without a call or shape what the model is offered and reads, `overflow`
retries a call over the context window, `after` rewrites what the model answered."""
