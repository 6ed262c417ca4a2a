// mortgage skill: the skill protocol (GET /health, GET /schema, POST /execute) on node:http.
// Same wire behaviour as skills/skill_runtime.py; PORT/HOST/WORKER_NONCE come from the pool.

import { createServer, IncomingMessage, ServerResponse } from "node:http";
import { affordability, monthlyPayment, Params, ToolError } from "./calc";
import { SCHEMA } from "./schema";

const MAX_BODY_BYTES = 1_000_000;
const HANDLERS: Record<string, (params: Params) => unknown> = {
  mortgage_payment: monthlyPayment,
  mortgage_affordability: affordability,
};

function send(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": new TextEncoder().encode(data).length,
  });
  res.end(data);
}

function execute(raw: string): [number, unknown] {
  let request: { tool?: unknown; params?: unknown };
  try {
    request = JSON.parse(raw || "{}");
  } catch (err) {
    return [400, { error: `malformed request: ${(err as Error).message}` }];
  }
  const params = request.params ?? {};
  if (typeof request.tool !== "string" || typeof params !== "object" || Array.isArray(params)) {
    return [400, { error: "malformed request: need {\"tool\": str, \"params\": {...}}" }];
  }
  const handler = HANDLERS[request.tool];
  if (!handler) {
    return [404, { error: `unknown tool '${request.tool}'; known: ${Object.keys(HANDLERS)}` }];
  }
  try {
    return [200, { result: handler(params as Params) }];
  } catch (err) {
    if (err instanceof ToolError) return [err.status, { error: err.message }];
    return [500, { error: `${request.tool} failed: ${String(err)}` }];
  }
}

function route(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === "GET" && req.url === "/health") {
    return send(res, 200, { ok: true, worker: process.env.WORKER_NONCE ?? "" });
  }
  if (req.method === "GET" && req.url === "/schema") return send(res, 200, SCHEMA);
  if (req.method !== "POST" || req.url !== "/execute") {
    return send(res, 404, { error: `no route ${req.url}` });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  req.on("data", (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      send(res, 413, { error: "request body too large" });
      req.destroy();
    } else chunks.push(chunk);
  });
  req.on("end", () => {
    if (size > MAX_BODY_BYTES) return;
    const decoder = new TextDecoder();
    const [status, body] = execute(chunks.map((c) => decoder.decode(c, { stream: true })).join(""));
    send(res, status, body);
  });
}

const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? "8080");
// noDelay: headers and body are separate writes; without it each reply waits ~40 ms (Nagle).
const server = createServer({ noDelay: true }, route);
const listening = () => process.stderr.write(`skill listening on ${host}:${port}\n`);
// A socket the launcher opened (fd 3, LISTEN_FDS=1): this worker runs in a network namespace of
// its own, where a port it bound would be out of the pool's reach (docs/skill-isolation.md).
if (process.env.LISTEN_FDS === "1" && process.env.LISTEN_PID === String(process.pid)) {
  server.listen({ fd: 3 }, listening);
} else server.listen(port, host, listening);
