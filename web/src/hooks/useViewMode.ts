import { useCallback, useState } from "react";

import { readStored, writeStored } from "../storage";
import type { ViewMode } from "../types";

export const VIEW_MODE_KEY = "propsearch.viewMode";

function storedMode(): ViewMode {
  return readStored<unknown>(VIEW_MODE_KEY, "grid") === "list" ? "list" : "grid";
}

/** Grid or list presentation of listings, remembered across reloads. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(storedMode);
  const update = useCallback((next: ViewMode) => {
    setMode(next);
    writeStored(VIEW_MODE_KEY, next);
  }, []);
  return [mode, update];
}
