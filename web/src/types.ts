/** Wire types from docs/protocol.md, plus the UI's own chat message model. */

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
  distance_miles?: number | null;
  description?: string | null;
}

/** The payload of a `data` event and of a turn's `data`. */
export interface ResultData {
  type: "listings" | "detail";
  items: Listing[];
  total?: number;
  criteria?: Record<string, unknown>;
}

export type StepStatus = "start" | "end" | "error";

export interface StepEvent {
  type: "step";
  id: string;
  name: string;
  /** The progress label the tool's skill declares (tool metadata). */
  label?: string;
  status: StepStatus;
  args?: Record<string, unknown>;
  summary?: string;
  ms?: number;
}

export type ChatEvent =
  | { type: "session"; session_id: string }
  | { type: "token"; content: string }
  | StepEvent
  | { type: "data"; data: ResultData }
  | { type: "hints"; hints: string[] }
  | { type: "error"; message: string }
  | { type: "done"; session_id?: string };

export interface SessionSummary {
  id: string;
  title?: string | null;
  updated_at?: string | number | null;
}

export interface Turn {
  user: string;
  assistant: string;
  data: ResultData | null;
  hints: string[] | null;
}

export interface SessionHistory {
  id: string;
  title?: string | null;
  turns: Turn[];
}

export interface PreferenceEntry {
  entry_type: string;
  key: string;
  value: string;
}

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
}

export type ChatMessage = UserMessage | AssistantMessage;

export type ViewMode = "grid" | "list";
