/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API = "http://localhost:8000";
const proxied = ["/chat", "/sessions", "/skills", "/memory", "/tools", "/widgets", "/health", "/mcp", "/v1"];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API, changeOrigin: true }])),
    fs: { allow: [".", "../skills"] }, // vitest reads skills' widget tests
  },
  build: {
    outDir: "dist",
    // Leaflet's marker images must ship as files, never inline data URLs referencing a CDN.
    assetsInlineLimit: 0,
  },
  test: {
    environment: "jsdom",
    // skills' widgets (skills/<name>/widget, built with this toolchain) are tested here too
    include: ["src/**/*.test.{ts,tsx}", "../skills/*/widget/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    // App-level tests type into the real UI; the shared 2-core machine needs headroom.
    testTimeout: 20_000,
  },
});
