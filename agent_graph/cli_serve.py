"""`propsearch serve`: the server on HOST:PORT (`make run` calls it). uvicorn's own handling of
forwarded headers stays off: it would believe `X-Forwarded-For` from 127.0.0.1, so anything on
the machine could choose its address for the guest limit. The app believes them only from the
proxies FORWARDED_ALLOW_IPS names (none by default; api.py applies it), whatever starts it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import uvicorn

ROOT = Path(__file__).resolve().parent.parent
"""The checkout that holds api.py (the app factory)."""


def add_parser(sub: Any) -> None:
    serve = sub.add_parser("serve", help="start the server (the web UI and the API)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on")


def main(args: argparse.Namespace) -> int:
    uvicorn.run(
        "api:app",
        app_dir=str(ROOT),
        host=args.host,
        port=args.port,
        proxy_headers=False,  # FORWARDED_ALLOW_IPS is the app's (api.py), never uvicorn's default
    )
    return 0
