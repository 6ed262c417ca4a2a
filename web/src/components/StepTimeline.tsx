import { Activity, CheckCircle2, Loader2, XCircle } from "lucide-react";

import type { Step } from "../types";

/** What the user reads while a tool runs: the label its skill declares, else a generic one. */
export function stepLabel(step: Pick<Step, "name" | "label">): string {
  return step.label || `Running ${step.name.replace(/_/g, " ")}…`;
}

function StatusIcon({ status }: { status: Step["status"] }) {
  if (status === "start") {
    return <Loader2 size={15} className="animate-spin text-teal-600" aria-label="Running" />;
  }
  if (status === "error") return <XCircle size={15} className="text-red-600" aria-label="Failed" />;
  return <CheckCircle2 size={15} className="text-emerald-600" aria-label="Done" />;
}

/** The tools run for one answer, with their state as they progress, and a link to the turn's
 * trace when the operator runs a trace viewer. */
export function StepTimeline({ steps, traceUrl }: { steps: Step[]; traceUrl?: string }) {
  if (steps.length === 0 && !traceUrl) return null;
  return (
    <>
      {steps.length > 0 && <StepList steps={steps} />}
      {traceUrl && (
        <a href={traceUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-xs text-teal-700 underline" data-testid="trace-link">
          <Activity size={13} aria-hidden="true" />
          View trace
        </a>
      )}
    </>
  );
}

function StepList({ steps }: { steps: Step[] }) {
  return (
    <ol aria-label="Steps" aria-live="polite" className="flex flex-col gap-1 border-l-2 border-slate-200 pl-3" data-testid="step-timeline">
      {steps.map((step) => (
        <li key={step.id} className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600" data-status={step.status}>
          <StatusIcon status={step.status} />
          <span className={step.status === "error" ? "text-red-700" : undefined}>{stepLabel(step)}</span>
          {typeof step.ms === "number" && <span className="text-xs text-slate-500">{Math.round(step.ms)} ms</span>}
          {step.summary && <span className="basis-full pl-6 text-xs text-slate-500">{step.summary}</span>}
        </li>
      ))}
    </ol>
  );
}
