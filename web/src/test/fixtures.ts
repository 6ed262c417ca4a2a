import type { Listing } from "../types";

export const listing: Listing = {
  zpid: "29324909",
  address: "2306 Shoal Creek Blvd, Austin, TX 78705",
  city: "Austin",
  zipcode: "78705",
  price: 489000,
  beds: 3,
  baths: 2,
  sqft: 1654,
  property_type: "house",
  photo_url: null,
  url: "https://www.zillow.com/homedetails/29324909_zpid/",
  lat: 30.29,
  lng: -97.75,
  year_built: 1950,
  lot_size: 7405,
  hoa_fee: null,
  zestimate: null,
  features: ["garage", "view"],
};

export const listings: Listing[] = [
  listing,
  { ...listing, zpid: "2", address: "12 Oak St, Austin, TX 78704", price: 450000 },
  { ...listing, zpid: "3", address: "7 Elm Ave, Austin, TX 78702", price: 399000, beds: 4 },
];

/** A fetch Response whose body streams the given text chunks. */
export function streamResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}

export const sse = (payload: object) => `data: ${JSON.stringify(payload)}\n\n`;

export const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Stubs fetch with `routes` ("METHOD /path" → handler); unknown paths answer 404. Returns the
 * calls made, in order, with their parsed JSON bodies.
 */
export function stubApi(
  routes: Record<string, (body: unknown) => Response | Promise<Response>>,
  stub: (name: string, value: unknown) => unknown,
): Call[] {
  const calls: Call[] = [];
  stub("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ url, method, body });
    const handler = routes[`${method} ${url}`];
    return handler ? handler(body) : json({ detail: "Not Found" }, 404);
  });
  return calls;
}
