"""A Docker socket proxy that lets the agent do only what its skill pool needs.

    python -m agent_graph.skills.backends.docker_proxy LISTEN [DOCKER_SOCKET]

LISTEN is `HOST:PORT` or a Unix socket path. The agent (docker backend) talks to this instead of
the engine's socket, so a compromised agent cannot start a privileged container, mount the host,
pull images or touch containers it did not start. Allowed: ping and version; the list of
containers; inspecting skill images; creating a container of an image named `DOCKER_PROXY_IMAGES` (a prefix, default
`propsearch/`) that is labelled as a PropSearch worker and keeps the worker's hardening
(read-only root, no added capabilities, no-new-privileges, no host mounts, devices or
namespaces; the only volume it may mount is its skill's state volume, `propsearch-state-*` at
/state on the default driver, which the engine creates when missing); inspecting, reading the
logs of, starting, stopping, waiting for and removing containers labelled as PropSearch workers;
copying a tar into such a container's /state (a file an operator hands a job, up to 100 MiB).
Everything else answers 403 with the reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import re
import socket
import sys
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from agent_graph.skills.backends.docker_state import LABEL_MANAGED, LABEL_SKILL
from agent_graph.skills.isolation.state import CONTAINER_STATE, STATE_VOLUME_PREFIX

DEFAULT_SOCKET = "/var/run/docker.sock"
MAX_HEAD, MAX_BODY = 64 * 1024, 1024 * 1024
MAX_ARCHIVE = 100 * 1024 * 1024
"""A tar into /state carries a whole data file (the bundled nginx lets 100m through too)."""
VERSIONED = re.compile(r"^/v\d+\.\d+(?=/)")
CONTAINER = re.compile(
    r"^/containers/([A-Za-z0-9_.-]+)(?:/(json|logs|start|stop|kill|wait|archive))?$"
)
IMAGE = re.compile(r"^/images/(.+)/json$")
HOST_NAMESPACES = ("PidMode", "IpcMode", "UTSMode", "UsernsMode", "CgroupnsMode")
NOT_ALLOWED_LISTS = ("Binds", "Devices", "CapAdd", "VolumesFrom", "DeviceRequests", "Links")


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str) -> None:
        super().__init__("docker", timeout=10)
        self.path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(self.path)


def container_labels(docker_socket: str, ident: str) -> dict[str, str] | None:
    """The labels of container `ident`, None when the engine does not know it."""
    connection = _UnixConnection(docker_socket)
    try:
        connection.request("GET", f"/containers/{ident}/json")
        reply = connection.getresponse()
        body = reply.read()
    finally:
        connection.close()
    if reply.status != 200:
        return None
    return (json.loads(body).get("Config") or {}).get("Labels") or {}


def create_refusal(body: dict[str, Any], images: str) -> str | None:
    """Why this container may not be created; None when it is a hardened worker."""
    image = str(body.get("Image") or "")
    if not image.startswith(images):
        return f"image {image!r} is not a skill image ({images}*)"
    if (body.get("Labels") or {}).get(LABEL_MANAGED) != "1":
        return f"a container without the label {LABEL_MANAGED}=1"
    host = body.get("HostConfig") or {}
    if host.get("Privileged"):
        return "a privileged container"
    if not host.get("ReadonlyRootfs"):
        return "a container with a writable root"
    if any(host.get(key) for key in NOT_ALLOWED_LISTS):
        return "host mounts, devices, added capabilities or links"
    skill = str((body.get("Labels") or {}).get(LABEL_SKILL) or "")
    if not all(_allowed_mount(mount, skill) for mount in host.get("Mounts") or []):
        return "a mount that is neither a tmpfs nor the skill's own state volume"
    if any(str(host.get(key) or "").startswith(("host", "container:")) for key in HOST_NAMESPACES):
        return "a container sharing the host's namespaces"
    if str(host.get("NetworkMode") or "").startswith(("host", "container:")):
        return "the host's network"
    if "ALL" not in (host.get("CapDrop") or []):
        return "a container that keeps Linux capabilities"
    if host.get("SecurityOpt") != ["no-new-privileges"] or host.get("Sysctls"):
        return "security options other than no-new-privileges, or sysctls"
    return None


def _allowed_mount(mount: dict[str, Any], skill: str) -> bool:
    """A tmpfs, or the volume `propsearch-state-[<scope>-]<skill>` at /state on the default
    driver (a driver's options could make a volume a host mount)."""
    if mount.get("Type") == "tmpfs":
        return True
    source = str(mount.get("Source") or "")
    own = bool(skill) and (
        source == STATE_VOLUME_PREFIX + skill
        or (source.startswith(STATE_VOLUME_PREFIX) and source.endswith(f"-{skill}"))
    )
    driver = (mount.get("VolumeOptions") or {}).get("DriverConfig")
    return (
        mount.get("Type") == "volume"
        and own
        and mount.get("Target") == CONTAINER_STATE
        and (
            not driver or (driver.get("Name") in (None, "", "local") and not driver.get("Options"))
        )
    )


class Policy:
    def __init__(self, docker_socket: str, images: str) -> None:
        self.docker_socket = docker_socket
        self.images = images

    async def refusal(self, method: str, target: str, body: bytes) -> str | None:
        """Why this request may not pass; None when it may."""
        parts = urlsplit(target)
        path, query = VERSIONED.sub("", parts.path), parts.query
        if path in ("/_ping", "/version") and method in ("GET", "HEAD"):
            return None
        if path == "/containers/json" and method == "GET":
            return None
        image = IMAGE.match(path)
        if image and method == "GET" and unquote(image.group(1)).startswith(self.images):
            return None
        if path == "/containers/create" and method == "POST":
            try:
                request = json.loads(body or b"{}")
            except ValueError:
                return "a create request that is not JSON"
            return create_refusal(request, self.images)
        match = CONTAINER.match(path)
        action = match.group(2) if match else None
        allowed = {None: ("DELETE",), "json": ("GET",), "logs": ("GET",), "wait": ("POST",)}
        allowed["archive"] = ("PUT",)
        if match is None or method not in allowed.get(action, ("POST",)):
            return f"{method} {path} is not something the skill pool does"
        if action == "archive" and parse_qs(query).get("path") != [CONTAINER_STATE]:
            return f"a copy into a container elsewhere than {CONTAINER_STATE}"
        labels = await asyncio.to_thread(container_labels, self.docker_socket, match.group(1))
        if labels is not None and labels.get(LABEL_MANAGED) != "1":
            return "a container PropSearch did not start"
        return None  # unknown containers pass: the engine answers its own 404


async def _forward(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, policy: Policy
) -> None:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _ = lines[0].split(" ", 2)
    headers = [line for line in lines[1:] if line and not line.lower().startswith("connection:")]
    length = 0
    for line in headers:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
        if name.strip().lower() == "transfer-encoding":
            await _deny(writer, 411, "a chunked request body")
            return
    archive = method == "PUT" and urlsplit(target).path.endswith("/archive")
    if length > (MAX_ARCHIVE if archive else MAX_BODY):
        await _deny(writer, 413, f"a request body over {'100' if archive else '1'} MiB")
        return
    body = await reader.readexactly(length)
    reason = await policy.refusal(method, target, body)
    if reason is not None:
        await _deny(writer, 403, f"docker proxy: refused {reason}")
        return
    upstream_reader, upstream = await asyncio.open_unix_connection(policy.docker_socket)
    try:
        request = "\r\n".join([lines[0], *headers, "Connection: close", "", ""])
        upstream.write(request.encode("latin-1") + body)
        await upstream.drain()
        while chunk := await upstream_reader.read(65536):
            writer.write(chunk)
            await writer.drain()
    finally:
        upstream.close()


async def _deny(writer: asyncio.StreamWriter, status: int, message: str) -> None:
    body = json.dumps({"message": message}).encode()
    writer.write(
        f"HTTP/1.1 {status} Refused\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
        + body
    )
    await writer.drain()


def serve(listen: str, docker_socket: str, images: str) -> None:
    policy = Policy(docker_socket, images)

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await _forward(reader, writer, policy)
        except (
            asyncio.IncompleteReadError,
            asyncio.LimitOverrunError,
            ConnectionError,
            ValueError,
        ):
            pass  # a client that went away or spoke garbage: nothing to answer
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()

    async def main() -> None:
        if ":" in listen and not listen.startswith("/"):
            host, port = listen.rsplit(":", 1)
            server = await asyncio.start_server(handle, host, int(port), limit=MAX_HEAD)
        else:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(listen)
            server = await asyncio.start_unix_server(handle, listen, limit=MAX_HEAD)
        print(f"docker proxy listening on {listen}", flush=True)
        async with server:
            await server.serve_forever()

    asyncio.run(main())


if __name__ == "__main__":
    serve(
        sys.argv[1],
        sys.argv[2] if len(sys.argv) > 2 else DEFAULT_SOCKET,
        os.environ.get("DOCKER_PROXY_IMAGES", "propsearch/"),
    )
