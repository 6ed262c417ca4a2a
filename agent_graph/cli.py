"""`propsearch chat`: a REPL against a running PropSearch server (streams answers over SSE);
`propsearch jobs`: the operator's jobs commands (cli_jobs.py); `propsearch serve`: the server
itself (cli_serve.py)."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from typing import Any, TextIO

import httpx

from agent_graph import cli_jobs, cli_serve
from agent_graph.cli_text import PlainTextStream

EXIT_WORDS = {"quit", "exit", ":q"}
IGNORED_EVENTS = {
    "queued": "the turn starts once the one ahead ends, and its events follow then",
    "data": "a result's cards are the web UI's; the answer's text says what they hold",
    "usage": "token counts and cost have no place in a chat transcript",
}
"""SSE events (agent_graph/events.py) the CLI leaves unshown, with why; it shows every other."""


REJOIN_PAUSES_S = (0.25, 1.0, 2.0, 4.0, 8.0)
"""Waits before each attempt to rejoin a turn whose connection dropped."""


class Chat:
    def __init__(self, url: str, out: TextIO = sys.stdout) -> None:
        self.client = httpx.Client(base_url=url, timeout=httpx.Timeout(120, connect=5))
        self.out = out
        self.session_id: str | None = None
        self.text = PlainTextStream()
        self.pending: dict[str, Any] | None = None
        """The `confirm` event of a turn paused for a yes/no, until answered."""
        self.steps_shown: set[str] = set()
        self.last_event_id = ""
        """The id of the last event of the turn being read (`<run>:<number>`), to rejoin it."""
        self.finished = False

    def say(self, text: str = "", end: str = "\n") -> None:
        self.out.write(text + end)
        self.out.flush()

    def offer_resume(self, ask: Any = input) -> None:
        sessions = self.client.get("/sessions").json().get("sessions", [])
        if not sessions:
            return
        latest = sessions[0]
        title = latest.get("title") or latest["id"][:8]
        if ask(f'Resume your last conversation "{title}"? [Y/n] ').strip().lower() in (
            "",
            "y",
            "yes",
        ):
            self.session_id = latest["id"]
            self.say(f"Resumed {title}.")

    def turn(self, message: str, ask: Any = input) -> None:
        body: dict[str, Any] = {"message": message}
        while body:
            if self.session_id:
                body["session_id"] = self.session_id
            self.stream(body)
            body = self.answer_confirmation(ask) if self.pending else {}

    def stream(self, body: dict[str, Any]) -> None:
        """One turn's events; when the connection drops before `done`, rejoin the turn where it
        left off (it goes on in the server) a few times, with growing pauses."""
        self.last_event_id = ""
        self.finished = False
        try:
            with self.client.stream("POST", "/chat/stream", json=body) as response:
                if response.status_code != 200:
                    self.say(f"! {response.read().decode(errors='replace')}")
                    return
                self.follow(response)
        except httpx.TransportError:
            if not self.last_event_id:
                raise
        for pause in REJOIN_PAUSES_S:
            if self.finished or not self.session_id or not self.last_event_id:
                return
            time.sleep(pause)
            headers = {"Last-Event-ID": self.last_event_id}
            path = f"/sessions/{self.session_id}/stream"
            try:
                with self.client.stream("GET", path, headers=headers) as response:
                    if response.status_code != 200:
                        break
                    self.follow(response)
            except httpx.TransportError:
                continue
        if not self.finished:
            self.say("\n! The connection was lost before the answer was complete.")

    def follow(self, response: httpx.Response) -> None:
        for line in response.iter_lines():
            if line.startswith("id:"):
                self.last_event_id = line[3:].strip()
            elif line.startswith("data:"):
                event = json.loads(line[5:])
                if event.get("type") == "session":
                    self.session_id = event["session_id"]
                self.finished = self.finished or event.get("type") == "done"
                self.show(event)

    def answer_confirmation(self, ask: Any = input) -> dict[str, Any]:
        """Show the paused turn's question as a confirm/cancel choice; the resume request."""
        pending, self.pending = self.pending or {}, None
        try:
            reply = ask(f"{pending.get('question', 'Go ahead?')} [y = confirm / N = cancel] ")
        except (EOFError, KeyboardInterrupt):
            reply = ""
        approve = reply.strip().lower() in ("y", "yes")
        return {"confirm": {"id": pending.get("id"), "approve": approve}}

    def show(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "token":
            self.say(self.text.feed(event["content"]), end="")
            return
        self.say(self.text.flush(), end="")
        if kind == "step" and event.get("status") == "start":
            if event["id"] in self.steps_shown:  # a model step sent again with its progress
                return
            self.steps_shown.add(event["id"])
            self.say(f"  · {event.get('label') or 'Running ' + event['name'] + '…'}")
        elif kind == "step" and event.get("status") == "error":
            self.say(f"  ! {event.get('summary', 'tool failed')}")
        elif kind == "resumed":  # what stands of the answer, again: the rest follows it
            self.say("\n  · (another server took this answer over from its last step)")
            self.say(self.text.feed(event.get("text", "")), end="")
        elif kind == "alerts":
            for alert in event["alerts"]:
                self.say(f"  * {alert['title']}" + (f" ({alert['body']})" if alert["body"] else ""))
        elif kind == "hints":
            self.say("\n  Try: " + " | ".join(event["hints"]), end="")
        elif kind == "error":
            self.say(f"\n! {event['message']}", end="")
        elif kind == "confirm":
            self.pending = event
        elif kind == "done":
            self.session_id = event.get("session_id") or self.session_id
            self.say("\n")

    def loop(self, read: Any = input) -> int:
        self.say(
            "PropSearch. Ask me anything my skills can do ('what can you do?' lists them). "
            "Type quit to leave."
        )
        while True:
            try:
                message = read("you> ").strip()
            except (EOFError, KeyboardInterrupt):
                self.say("\nbye")
                return 0
            if message.lower() in EXIT_WORDS:
                self.say("bye")
                return 0
            if message:
                self.turn(message, read)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="propsearch", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    chat = sub.add_parser("chat", help="chat with a running server")
    chat.add_argument("--url", default="http://127.0.0.1:8000", help="server URL")
    chat.add_argument(
        "--new", action="store_true", help="start a new session, don't offer to resume"
    )
    cli_jobs.add_parser(sub)
    cli_serve.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "serve":
        return cli_serve.main(args)
    # Ctrl-C leaves the REPL even when started from a process that ignored SIGINT (inherited)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if args.command == "jobs":
        return cli_jobs.main(args)
    session = Chat(args.url)
    try:
        if not args.new:
            session.offer_resume()
        return session.loop()
    except KeyboardInterrupt:
        session.say("\nbye")
        return 0
    except httpx.HTTPError as exc:
        session.say(
            f"\nLost connection to {args.url} ({type(exc).__name__}). Is the server running?"
        )
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["chat"]))
