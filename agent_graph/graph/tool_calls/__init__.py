"""One tool call's way through the tools node: a typed request, the interceptors around its
dispatch, the confirmations it may wait for and the records it leaves."""
