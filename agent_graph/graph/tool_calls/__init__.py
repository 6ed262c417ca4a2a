"""One tool call's way through the tools node, on the capability protocol (`protocol.py`): a
typed request and result, the capabilities around its dispatch (`call.py`), the confirmations
it may wait for and the records it leaves."""
