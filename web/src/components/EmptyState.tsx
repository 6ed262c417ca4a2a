import { Search } from "lucide-react";

export const EXAMPLE_PROMPTS = [
  "Find me a 3-bed house in Austin under $500k",
  "Show me condos near downtown Austin under $400k",
  "Homes with a pool near Zilker Park",
];

/** The welcome screen of a new chat, with example prompts that send themselves. */
export function EmptyState({ onPick }: { onPick: (prompt: string) => void }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-12 text-center">
      <div className="flex h-14 w-14 items-center justify-center rounded-2xl bg-teal-700 text-white shadow">
        <Search size={26} aria-hidden="true" />
      </div>
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">Find your next home</h2>
        <p className="mt-1 text-slate-600">
          Describe what you are looking for. I remember your budget and favourite areas.
        </p>
      </div>
      <ul className="flex w-full flex-col gap-2" aria-label="Example prompts">
        {EXAMPLE_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              onClick={() => onPick(prompt)}
              className="w-full rounded-xl border border-slate-200 bg-white px-4 py-3 text-left text-sm text-slate-700 shadow-sm hover:border-teal-400 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
