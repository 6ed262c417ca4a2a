import "leaflet/dist/leaflet.css";

import L from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { MapContainer, Marker, TileLayer } from "react-leaflet";

import type { Listing } from "../types";
import { detailsLabel } from "./selectable";
import { TILE_ATTRIBUTION, TILE_URL } from "./tiles";

type Located = Listing & { lat: number; lng: number };

export const hasCoordinates = (listing: Listing): listing is Located =>
  typeof listing.lat === "number" &&
  typeof listing.lng === "number" &&
  Number.isFinite(listing.lat) &&
  Number.isFinite(listing.lng);

const ACTIVE = "results-marker--active";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A round numbered marker; its accessible name is the same as the card's main button. */
const numberedIcon = (number: number, listing: Listing) =>
  L.divIcon({
    className: "results-marker",
    html: `<span aria-hidden="true">${number}</span><span class="sr-only">${escapeHtml(
      `${number}. ${detailsLabel(listing)}`,
    )}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });

interface Props {
  listings: Listing[];
  /** zpid of the hovered or focused card, whose marker is raised and coloured. */
  highlighted: string | null;
  /** Hovering or focusing a marker highlights its card (null when it is left). */
  onHighlight?: (zpid: string | null) => void;
  onSelect: (listing: Listing) => void;
}

/**
 * The search results on a map, fitted to them, with markers numbered like the cards.
 * Clicking (or Enter on) a marker opens the details exactly as the card does. Only the tiles
 * come from the network; without them the markers and the layout still work.
 */
export function ResultsMap({ listings, highlighted, onHighlight, onSelect }: Props) {
  // Icons are made once per result set: a new icon would replace the marker's element on
  // every highlight change (losing its hover, focus and highlight class).
  const numbered = useMemo(
    () =>
      listings
        .map((listing, index) => ({ listing, number: index + 1, icon: numberedIcon(index + 1, listing) }))
        .filter((item): item is { listing: Located; number: number; icon: L.DivIcon } =>
          hasCoordinates(item.listing),
        ),
    [listings],
  );
  const bounds = useMemo(
    () => L.latLngBounds(numbered.map(({ listing }) => [listing.lat, listing.lng] as [number, number])),
    [numbered],
  );
  const markers = useRef(new Map<string, L.Marker>());

  useEffect(() => {
    for (const [zpid, marker] of markers.current) {
      const active = zpid === highlighted;
      marker.getElement()?.classList.toggle(ACTIVE, active);
      marker.setZIndexOffset(active ? 1000 : 0);
    }
  }, [highlighted]);

  const zpidOf = (element: EventTarget): string | null => {
    for (const [zpid, marker] of markers.current) if (marker.getElement() === element) return zpid;
    return null;
  };

  if (numbered.length === 0) return null;
  return (
    <div
      role="region"
      aria-label={`Map of ${numbered.length} ${numbered.length === 1 ? "home" : "homes"}`}
      className="h-56 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-72"
      data-testid="results-map"
      onFocus={(event) => onHighlight?.(zpidOf(event.target))}
      onBlur={() => onHighlight?.(null)}
    >
      <MapContainer
        bounds={bounds}
        boundsOptions={{ padding: [28, 28], maxZoom: 15 }}
        scrollWheelZoom={false}
        className="h-full w-full"
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        {numbered.map(({ listing, icon }) => (
          <Marker
            key={listing.zpid}
            position={[listing.lat, listing.lng]}
            icon={icon}
            ref={(marker) => {
              if (marker) markers.current.set(listing.zpid, marker);
              else markers.current.delete(listing.zpid);
            }}
            eventHandlers={{
              click: () => onSelect(listing),
              mouseover: () => onHighlight?.(listing.zpid),
              mouseout: () => onHighlight?.(null),

              // Leaflet makes markers focusable buttons but leaves Enter/Space to popups.
              keypress: (event: L.LeafletKeyboardEvent) => {
                if (event.originalEvent.key !== "Enter" && event.originalEvent.key !== " ") return;
                event.originalEvent.preventDefault();
                onSelect(listing);
              },
            }}
          />
        ))}
      </MapContainer>
    </div>
  );
}
