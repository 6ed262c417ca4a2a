"""OpenTelemetry traces and metrics of turns in the GenAI conventions, with OpenInference keys.

Nothing here runs unless an OTLP endpoint is configured (`setup.configure`); until then every
tracer and meter is OpenTelemetry's no-op, so an untraced turn pays nothing.
"""
