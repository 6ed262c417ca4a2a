// The MCP Apps widget (mcp-app.html): the web UI's cards as one self-contained HTML file that
// PropSearch's MCP server serves as `ui://propsearch/results.html` (no CDN: scripts, styles and
// marker images inline; map tiles stay the only remote resource).
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { viteSingleFile } from "vite-plugin-singlefile";

import { OWN_CARDS } from "./src/components/cards";

/** cards.json beside the widget: the kinds of result it draws (read by the MCP server). */
const cardList = {
  name: "propsearch-card-list",
  generateBundle(this: { emitFile: (file: object) => void }) {
    this.emitFile({ type: "asset", fileName: "cards.json", source: JSON.stringify(OWN_CARDS) });
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), viteSingleFile(), cardList],
  build: {
    outDir: "dist/mcp-app",
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { input: "mcp-app.html" },
  },
});
