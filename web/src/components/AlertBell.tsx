import { alertListings } from "../alertListings";
import { Bell } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import type { Alert, Listing } from "../types";

interface Props {
  alerts: Alert[];
  unread: number;
  /** Opens a listing's detail card, as a click on its card does. */
  onOpenListing: (listing: Listing) => void;
  onRead: (ids?: string[]) => void;
}


/** The header's bell: the unread count, and a list of the alerts whose homes open their details. */
export function AlertBell({ alerts, unread, onOpenListing, onRead }: Props) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  const label = unread ? `Alerts, ${unread} unread` : "Alerts";
  return (
    <div className="relative" ref={panel}>
      <button
        type="button"
        onClick={() => setOpen((was) => !was)}
        aria-label={label}
        aria-expanded={open}
        aria-controls="alert-list"
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        <Bell size={20} aria-hidden="true" />
        {unread > 0 && (
          <span
            data-testid="alert-count"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold text-white"
          >
            {unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id="alert-list"
          role="region"
          aria-label="Alerts"
          className="absolute right-0 z-20 mt-1 max-h-96 w-80 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
        >
          {alerts.length === 0 ? (
            <p className="p-2 text-sm text-slate-500">No alerts yet.</p>
          ) : (
            <>
              {unread > 0 && (
                <button type="button" onClick={() => onRead()} className="mb-1 text-xs text-teal-700 hover:underline">
                  Mark all read
                </button>
              )}
              <ul className="space-y-2">
                {alerts.map((alert) => (
                  <AlertItem
                    key={alert.id}
                    alert={alert}
                    onOpen={(listing) => {
                      setOpen(false);
                      if (alert.read_at === null) onRead([alert.id]);
                      onOpenListing(listing);
                    }}
                  />
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function AlertItem({ alert, onOpen }: { alert: Alert; onOpen: (listing: Listing) => void }) {
  const listings = alertListings(alert.items);
  return (
    <li data-testid="alert" className={`rounded-md p-2 ${alert.read_at === null ? "bg-teal-50" : ""}`}>
      <p className="text-sm font-medium text-slate-900">{alert.title}</p>
      {alert.body && <p className="text-xs text-slate-600">{alert.body}</p>}
      <ul className="mt-1 space-y-0.5">
        {listings.map((listing) => (
          <li key={listing.zpid}>
            <button
              type="button"
              onClick={() => onOpen(listing)}
              className="text-left text-xs text-teal-700 hover:underline"
            >
              {listing.address}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
