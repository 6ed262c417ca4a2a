/** Wire types from docs/protocol.md, plus the UI's own chat message model.
 *
 * HTTP answers are checked against the API's OpenAPI document (api-types.ts, generated), and
 * stream events against agent_graph/events.py (event-types.ts, generated): the shapes below
 * either are the generated types or must accept them (see the checks at the end).
 */
import type * as Api from "./api-types";
import type * as Events from "./event-types";

export type PropertyType =
  | "house"
  | "condo"
  | "townhouse"
  | "multi_family"
  | "apartment"
  | "land"
  | "mobile"
  | "other";

export interface Listing {
  zpid: string;
  address: string;
  city?: string | null;
  zipcode?: string | null;
  price: number | null;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
  property_type?: PropertyType | string | null;
  photo_url: string | null;
  url: string | null;
  lat: number | null;
  lng: number | null;
  year_built?: number | null;
  lot_size?: number | null;
  hoa_fee?: number | null;
  zestimate?: number | null;
  features?: string[];
  /** feature -> where it came from: "listing data: …" or the description's own words */
  feature_evidence?: Record<string, string> | null;
  distance_miles?: number | null;
  /** With a search's `wishes`: the description's clauses that say what was wished for. */
  mentions?: string[];
  /** The listing's own yearly property-tax rate, percent of the price. */
  tax_rate_percent?: number | null;
  description?: string | null;
  /** e.g. "price_implausible": the price is far from the listing's own Zestimate. */
  flags?: string[];
  /** FOR_SALE, PENDING or SOLD, where the provider keeps it. */
  status?: string | null;
  days_on_market?: number | null;
  /** The latest price drop. */
  price_drop?: { date: string; from: number | null; to: number } | null;
  /** Detail items: price and status events, oldest first. */
  price_history?: PriceEvent[] | null;
}

/** One event of a listing's price history ("listed", "price_change", "pending", "sold"…). */
export interface PriceEvent {
  date: string;
  price: number;
  event: string;
}

/** One row of a side-by-side comparison; `best` is the index of the best value, if any. */
export interface ComparisonRow {
  field: string;
  label: string;
  values: (number | string | null)[];
  best: number | null;
}

/** The payload of a `data` event and of a turn's `data`. */
export interface ResultData {
  /** The tool's `renders`: this UI's own cards, or a kind a skill's widget shows. */
  type: "listings" | "detail" | "comparison" | (string & {});
  items: Listing[];
  total?: number;
  criteria?: Record<string, unknown>;
  /** `comparison` only: one row per compared field (contract C3). */
  rows?: ComparisonRow[];
  /** `listings` from get_saved_homes. */
  saved?: boolean;
}

/** A destructive tool call waiting for the user's yes/no (contract C3). */
export interface ConfirmRequest {
  id: string;
  question: string;
  tool: string;
  args?: Record<string, unknown>;
}

/** One change the agent or the UI made to memory, newest first from GET /memory/changes. */
export interface MemoryChange {
  id: string;
  skill: string;
  entry_type: string;
  key: string;
  old: string | null;
  new: string | null;
  at: string;
  message?: string | null;
}

export type StepStatus = Events.StepEvent["status"];

export type StepEvent = Events.StepEvent;

/** The events the UI reads (sse.ts lists what it ignores): the generated ones, with `data`
 * typed by renderer and `confirm` as the UI's ConfirmRequest (checked at the end). */
export type ChatEvent =
  | Exclude<Events.ChatEvent, Events.DataEvent | Events.ConfirmEvent | Events.UsageEvent>
  | { type: "data"; data: ResultData }
  | ({ type: "confirm" } & ConfirmRequest);

/** A session in the sidebar: the API's own shape (GET /sessions). */
export type SessionSummary = Api.SessionSummary;
/** A request a skill handed to a person (a tour request...), for agents and admins. */
export type Handoff = Api.Handoff;
/** An alert a new session opened with: its title and the homes it names (each opens its details). */
export interface OpeningAlert {
  title: string;
  listings: Listing[];
}

/** What a skill's background job found for the user (GET /alerts); `items` are listings. */
export type Alert = Api.Alert;

export interface Turn {
  user: string;
  assistant: string;
  data?: ResultData | null;
  hints?: string[] | null;
}

/** A turn paused on a yes/no when the session was read (GET /sessions/{id}), with its words. */
export interface PendingConfirm extends Omit<ConfirmRequest, "tool"> {
  tool?: string | null;
  message?: string;
}

/** A turn going on (or waiting its turn) on a session, to rejoin after a reload. */
export interface RunInfo {
  id: string;
  status: string;
  message: string;
  events: number;
}

export interface SessionHistory {
  id: string;
  title?: string | null;
  turns: Turn[];
  pending_confirm?: PendingConfirm | null;
  run?: RunInfo | null;
}

/** One remembered entry: the API's own shape (GET /memory/preferences). */
export type PreferenceEntry = Api.PreferenceEntry;

/** Preferences grouped by skill name. */
export type Preferences = Record<string, PreferenceEntry[]>;

/** One tool run as shown in the step timeline. */
export interface Step {
  id: string;
  name: string;
  label?: string;
  status: StepStatus;
  summary?: string;
  ms?: number;
}

export interface UserMessage {
  id: string;
  role: "user";
  text: string;
}

export interface AssistantMessage {
  id: string;
  role: "assistant";
  text: string;
  steps: Step[];
  data: ResultData | null;
  hints: string[];
  error: string | null;
  streaming: boolean;
  /** Set when the run paused for a yes/no; cleared when the user answers. */
  confirm?: ConfirmRequest | null;
  /** The run of a message waiting behind the answer in progress (it can be cancelled). */
  queued?: string | null;
  /** This turn's trace in the operator's trace viewer (admins, when one is configured). */
  traceUrl?: string;
  /** The unseen alerts a new session opened with (the `alerts` event): each title and its homes. */
  alerts?: OpeningAlert[];
}

export type ChatMessage = UserMessage | AssistantMessage;

export type ViewMode = "grid" | "list";

/** Compiles only when the API's shape `A` fits the UI's type `B` (`npm run typecheck`). */
type Fits<A extends B, B> = A;
/** The result payloads are typed by renderer in the UI; the API types them as open objects. */
export type ApiShapeChecks = [
  Fits<Omit<Api.SessionTurn, "data">, Omit<Turn, "data">>,
  Fits<Omit<Api.SessionDetail, "turns" | "messages">, Omit<SessionHistory, "turns">>,
  Fits<Api.PreferencesAnswer["preferences"], Preferences>,
  Fits<Omit<Api.ChatAnswer, "data">, { session_id: string; message: string; hints: string[] }>,
  Fits<Events.ConfirmEvent, Extract<ChatEvent, { type: "confirm" }>>,
];
