import "leaflet/dist/leaflet.css";

import L from "leaflet";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";

import { formatCount, formatPrice } from "../format";
import type { Listing } from "../types";
import { TILE_ATTRIBUTION, TILE_URL } from "./tiles";

// Leaflet's default icon resolves its images from the CSS path at run time, which breaks
// under a bundler; the bundled copies keep the marker working offline and without a CDN.
const markerIconDef = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

interface Props {
  listing: Listing & { lat: number; lng: number };
}

/** A small map centred on one listing, with a marker whose popup repeats the key facts. */
export function MapView({ listing }: Props) {
  const position: [number, number] = [listing.lat, listing.lng];
  return (
    <div
      role="region"
      aria-label={`Map of ${listing.address}`}
      className="h-64 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
      data-testid="map-view"
    >
      <MapContainer
        center={position}
        zoom={14}
        scrollWheelZoom={false}
        className="h-full w-full"
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        <Marker position={position} icon={markerIconDef} alt={listing.address}>
          <Popup>
            <strong>{listing.address}</strong>
            <br />
            {formatPrice(listing.price)} · {formatCount(listing.beds, "bd")} /{" "}
            {formatCount(listing.baths, "ba")}
          </Popup>
        </Marker>
      </MapContainer>
    </div>
  );
}
