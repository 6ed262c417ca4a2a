import type { ResultData } from "../types";

/** The card data of a tool result: a skill tool's structured result carries its `type` (the
 * tool's `renders`), `ask_propsearch`'s carries the turn's last result as `data`. */
export function resultOf(structured: unknown): ResultData | null {
  if (!structured || typeof structured !== "object") return null;
  const value = structured as { type?: unknown; data?: unknown };
  if (typeof value.type === "string") return value as ResultData;
  if (value.data && typeof value.data === "object") return resultOf(value.data);
  return null;
}

/** The latest result the host sent, for React to subscribe to (useSyncExternalStore). */
export class LatestResult {
  private value: ResultData | null = null;
  private readonly listeners = new Set<() => void>();

  set(value: ResultData | null) {
    this.value = value;
    this.listeners.forEach((listener) => listener());
  }

  get = (): ResultData | null => this.value;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
