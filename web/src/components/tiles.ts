/** Map tiles: the UI's only network use besides the API; set VITE_TILE_URL to self-host them. */
export const TILE_URL =
  import.meta.env.VITE_TILE_URL || "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";

export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
