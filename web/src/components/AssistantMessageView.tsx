import { AlertTriangle, RotateCcw } from "lucide-react";

import { introParagraph } from "../format";
import type { AssistantMessage, Listing, ViewMode } from "../types";
import { ConfirmPrompt } from "./ConfirmPrompt";
import { HintChips } from "./HintChips";
import { MessageText } from "./MessageText";
import { isSearchResult, ResultView } from "./ResultView";
import { StepTimeline } from "./StepTimeline";

interface Props {
  message: AssistantMessage;
  isLast: boolean;
  busy: boolean;
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
  onSelectListing: (listing: Listing) => void;
  onSend: (text: string) => void;
  onRetry: () => void;
  onConfirm: (approve: boolean) => void;
  onCancelQueued: (runId: string) => void;
}

/** One answer: steps, streamed text, listings or detail, error with retry, hints. */
export function AssistantMessageView(props: Props) {
  const { message, isLast, busy } = props;
  const { data } = message;
  const text = isSearchResult(data) ? introParagraph(message.text) : message.text;
  const thinking = message.streaming && !message.queued && !message.text && message.steps.length === 0;

  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="assistant-message">
      {message.alerts && message.alerts.length > 0 && (
        <ul className="rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900" data-testid="opening-alerts">
          {message.alerts.map((alert, i) => (
            <li key={`${alert.title}-${i}`}>
              {alert.title}
              {alert.listings.length > 0 && (
                <ul className="mt-0.5 flex flex-wrap gap-x-3">
                  {alert.listings.map((listing) => (
                    <li key={listing.zpid}>
                      <button
                        type="button"
                        onClick={() => props.onSelectListing(listing)}
                        className="text-left text-xs text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
                      >
                        {listing.address}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <StepTimeline steps={message.steps} traceUrl={message.traceUrl} />
      {message.queued && message.streaming && (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="queued">
          Waiting for the answer in progress; this message runs next.
          <button
            type="button"
            onClick={() => message.queued && props.onCancelQueued(message.queued)}
            className="rounded-lg border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            Cancel
          </button>
        </p>
      )}
      {thinking && (
        <p className="flex items-center gap-1 text-slate-500" aria-label="Thinking">
          <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400" />
          <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms]" />
          <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms]" />
        </p>
      )}
      {text && (
        <div className="break-words leading-relaxed text-slate-800" data-testid="assistant-text">
          <MessageText text={text} />
          {message.streaming && <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-teal-700 align-middle" />}
        </div>
      )}
      <ResultView
        data={data}
        viewMode={props.viewMode}
        onViewModeChange={props.onViewModeChange}
        onSelectListing={props.onSelectListing}
        onSend={props.onSend}
      />
      {isLast && message.confirm && !message.streaming && (
        <ConfirmPrompt request={message.confirm} disabled={busy} onAnswer={props.onConfirm} />
      )}
      {message.error && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <AlertTriangle size={16} aria-hidden="true" />
          <span className="min-w-0 flex-1 break-words">{message.error}</span>
          {isLast && (
            <button
              type="button"
              onClick={props.onRetry}
              disabled={busy}
              className="inline-flex items-center gap-1 rounded-lg border border-red-300 bg-white px-2.5 py-1 font-medium text-red-700 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
            >
              <RotateCcw size={14} aria-hidden="true" />
              Retry
            </button>
          )}
        </div>
      )}
      {isLast && !message.streaming && <HintChips hints={message.hints} disabled={busy} onPick={props.onSend} />}
    </div>
  );
}
