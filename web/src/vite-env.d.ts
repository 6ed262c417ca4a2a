/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Leaflet tile URL template; defaults to OpenStreetMap. */
  readonly VITE_TILE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
