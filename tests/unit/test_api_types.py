"""web/src/api-types.ts is the API's current OpenAPI schemas: regenerate and compare."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "openapi_types", ROOT / "scripts/openapi_types.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_web_types_match_the_openapi_document() -> None:
    generator = _generator()
    document = generator.openapi_document()
    assert (ROOT / "web/src/api-types.ts").read_text() == generator.render(document), (
        "web/src/api-types.ts is stale: run .venv/bin/python scripts/openapi_types.py"
    )
    assert "export interface SessionDetail {" in generator.render(document)


def test_schemas_become_typescript() -> None:
    render = _generator().render
    document = {
        "components": {
            "schemas": {
                "Thing": {
                    "description": "A thing.",
                    "properties": {
                        "name": {"type": "string"},
                        "tags": {"type": "array", "items": {"type": "string"}},
                        "size": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                        "kind": {"enum": ["a", "b"]},
                        "parts": {"type": "object", "additionalProperties": {"$ref": "#/x/Part"}},
                    },
                    "required": ["name", "tags"],
                }
            }
        }
    }
    assert render(document).endswith(
        "/** A thing. */\nexport interface Thing {\n  name: string;\n  tags: string[];\n"
        '  size?: number | null;\n  kind?: "a" | "b";\n  parts?: Record<string, Part>;\n}\n'
    )
