/**
 * The host side of the MCP Apps bridge, as small as a host can be, for the browser test of the
 * results widget (tests/e2e/test_mcp_app_widget.py): it renders a `ui://` resource's HTML in a
 * sandboxed iframe, hands it a tool result, and records what the widget asks of the host.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

interface HostWindow extends Window {
  showWidget: (html: string, result: Record<string, unknown>) => Promise<void>;
  hostLog: { kind: string; params: unknown }[];
}

const host = window as unknown as HostWindow;
host.hostLog = [];
host.showWidget = async (html, result) => {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.title = "PropSearch results";
  iframe.style.cssText = "width: 100%; height: 760px; border: 1px solid #cbd5e1";
  document.body.appendChild(iframe);
  const view = iframe.contentWindow;
  if (!view) throw new Error("the iframe has no window");
  const bridge = new AppBridge(null, { name: "test-host", version: "1.0.0" }, { message: { text: {} }, openLinks: {} });
  bridge.onmessage = async (params) => {
    host.hostLog.push({ kind: "message", params });
    return {};
  };
  bridge.onopenlink = async (params) => {
    host.hostLog.push({ kind: "openlink", params });
    return {};
  };
  bridge.onsizechange = (params) => host.hostLog.push({ kind: "size", params });
  bridge.oninitialized = () => {
    host.hostLog.push({ kind: "initialized", params: bridge.getAppVersion() });
    void bridge.sendToolResult(result as Parameters<AppBridge["sendToolResult"]>[0]);
  };
  await bridge.connect(new PostMessageTransport(view, view));
  iframe.srcdoc = html;
};
