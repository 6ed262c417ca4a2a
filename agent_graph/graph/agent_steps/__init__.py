"""The agent node's steps around its one model call, each with one job (pre/post model hooks,
as `create_react_agent`'s or pydantic-ai's capabilities): `before` may answer without a call
or shape what the model is offered and reads; `after` rewrites what the model answered."""
