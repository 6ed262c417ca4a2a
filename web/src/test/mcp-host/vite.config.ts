// Built by the browser test before it runs, from web/:
//   npx vite build --config src/test/mcp-host/vite.config.ts
import { defineConfig } from "vite";

export default defineConfig({
  root: "src/test/mcp-host",
  base: "./",
  build: { outDir: "dist", emptyOutDir: true },
});
