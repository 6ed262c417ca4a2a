import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { useEffect, useRef, useState } from "react";

import type { ResultData } from "../types";

interface Props {
  data: ResultData;
  /** A message the widget asks the conversation to send (ui/message), as if typed. */
  onSend: (text: string) => void;
}

const HOST = { name: "PropSearch", version: "0.1.0" };
const MIN_HEIGHT = 120;

/** A result whose card a skill ships (an MCP Apps widget, GET /widgets/{type}): the web UI is
 * its host, as Claude or VS Code would be. The widget runs in a sandboxed frame with its own
 * policy (no API, no storage, no other page); it gets the result over the MCP Apps bridge. */
export function SkillWidget({ data, onSend }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string>();
  const [height, setHeight] = useState(MIN_HEIGHT);
  const send = useRef(onSend);
  send.current = onSend;

  useEffect(() => {
    const view = frame.current?.contentWindow;
    if (!view) return;
    const bridge = new AppBridge(null, HOST, { openLinks: {}, message: { text: {} } });
    bridge.oninitialized = () => void bridge.sendToolResult({ content: [], structuredContent: data });
    bridge.onsizechange = ({ height: next }) => next && setHeight(Math.max(MIN_HEIGHT, Math.ceil(next)));
    bridge.onopenlink = async ({ url }) => {
      if (/^https?:\/\//.test(url)) window.open(url, "_blank", "noopener,noreferrer");
      return {};
    };
    bridge.onmessage = async ({ content }) => {
      const text = content.map((block) => (block.type === "text" ? block.text : "")).join("\n").trim();
      if (text) send.current(text);
      return {};
    };
    let live = true;
    // connected first, then loaded: the widget's handshake never arrives before the bridge
    void bridge.connect(new PostMessageTransport(view, view)).then(() => live && setSrc(`/widgets/${encodeURIComponent(data.type)}`));
    return () => {
      live = false;
      void bridge.close();
    };
  }, [data]);

  return (
    <iframe
      ref={frame}
      src={src}
      title={`${data.type.replace(/_/g, " ")} card`}
      sandbox="allow-scripts"
      className="w-full max-w-md rounded-xl border-0"
      style={{ height }}
      data-testid="skill-widget"
    />
  );
}
