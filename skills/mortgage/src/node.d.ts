// The few Node standard-library APIs this skill uses, declared here so the skill needs no npm
// package at all (not even @types/node): TypeScript is only its build tool.

declare module "node:http" {
  interface IncomingMessage {
    method?: string;
    url?: string;
    on(event: "data", listener: (chunk: Uint8Array) => void): this;
    on(event: "end" | "error", listener: () => void): this;
    destroy(): void;
  }
  interface ServerResponse {
    writeHead(status: number, headers: Record<string, string | number>): this;
    end(body: string): void;
  }
  interface Server {
    listen(port: number, host: string, callback: () => void): this;
    listen(handle: { fd: number }, callback: () => void): this;
  }
  function createServer(
    options: { noDelay?: boolean },
    listener: (req: IncomingMessage, res: ServerResponse) => void,
  ): Server;
}

declare const process: {
  env: Record<string, string | undefined>;
  pid: number;
  stderr: { write(text: string): boolean };
};

declare class TextDecoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

declare class TextEncoder {
  encode(input: string): Uint8Array;
}
