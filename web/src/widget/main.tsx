import "../index.css";

import { App as McpApp } from "@modelcontextprotocol/ext-apps";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { detailRequest } from "../requests";
import { LatestResult, resultOf } from "./results";
import { Widget } from "./Widget";

const latest = new LatestResult();
const app = new McpApp({ name: "PropSearch results", version: "0.1.0" });
// Handlers first: the host sends the result once, right after the handshake.
app.ontoolresult = (result) => latest.set(resultOf(result.structuredContent));

/** A card click asks the host's conversation for the details, as the web UI's click does. */
const select = (listing: Parameters<typeof detailRequest>[0]) =>
  void app.sendMessage({ role: "user", content: [{ type: "text", text: detailRequest(listing) }] });

/** Links ("View on Zillow") open through the host: a sandboxed frame may not open windows. */
document.addEventListener("click", (event) => {
  const link = (event.target as Element | null)?.closest?.("a[href^='http']");
  if (!(link instanceof HTMLAnchorElement)) return;
  event.preventDefault();
  void app.openLink({ url: link.href });
});

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from mcp-app.html");
createRoot(root).render(
  <StrictMode>
    <Widget latest={latest} onSelectListing={select} />
  </StrictMode>,
);
void app.connect();
