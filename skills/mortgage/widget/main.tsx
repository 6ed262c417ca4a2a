// The mortgage skill's MCP Apps widget: its result as a card, the same in PropSearch's web UI
// (which hosts skill widgets in a sandboxed frame) and in any MCP Apps host (Claude, ChatGPT,
// VS Code). `make skills-env` builds this folder into one HTML file, dist/widget/index.html.
import "./style.css";

import { App as McpApp } from "@modelcontextprotocol/ext-apps";
import { StrictMode, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";

import { asMortgage, MortgageCard, type MortgageResult } from "./MortgageCard";

let current: MortgageResult | undefined;
const listeners = new Set<() => void>();
const app = new McpApp({ name: "PropSearch monthly cost", version: "1.0.0" });
app.ontoolresult = (result) => {
  current = asMortgage(result.structuredContent);
  listeners.forEach((listener) => listener());
};

function Widget() {
  const result = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  return result ? <MortgageCard result={result} /> : null;
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <Widget />
  </StrictMode>,
);
void app.connect();
