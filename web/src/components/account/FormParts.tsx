import { useId, useState, type FormEvent, type ReactNode } from "react";

/** The sign-in family's page: a card over the app (the document itself never scrolls). */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-slate-900/40 p-4" data-testid="auth-screen">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="mx-auto mt-[8vh] w-full max-w-sm space-y-3 rounded-xl bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "email" | "password" | "text";
  autoComplete?: string;
}

export function Field({ label, value, onChange, type = "text", autoComplete = "off" }: FieldProps) {
  return (
    <label className="block text-sm text-slate-700">
      {label}
      <input
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-teal-600"
      />
    </label>
  );
}

export const primaryButton =
  "rounded-lg bg-teal-700 px-3 py-2 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700";
export const quietButton =
  "rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700";
export const linkButton = "text-sm text-teal-800 underline hover:text-teal-950";

export function Problem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {text}
    </p>
  );
}

export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="status" className="rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900">
      {text}
    </p>
  );
}

/** A form's submit: runs `action` once at a time; its thrown error becomes the shown problem. */
export function useSubmit(action: () => Promise<void>, describe: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(describe(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, submit };
}
