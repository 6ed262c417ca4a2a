// Builds a skill's MCP Apps widget (skills/<name>/widget/index.html and what it imports) into
// one self-contained HTML file, skills/<name>/dist/widget/index.html, with the web UI's own
// toolchain: React, Tailwind and the MCP Apps SDK (@modelcontextprotocol/ext-apps). Run by
// scripts/skills/env.sh (`make skills-env`) from the skill's widget folder.
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { viteSingleFile } from "vite-plugin-singlefile";

export default defineConfig({
  root: ".",
  plugins: [react(), tailwindcss(), viteSingleFile()],
  logLevel: "warn",
  build: { outDir: "../dist/widget", emptyOutDir: true, copyPublicDir: false },
});
