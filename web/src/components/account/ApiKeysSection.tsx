import { Copy } from "lucide-react";
import { useCallback, useEffect, useState } from "react";

import { createApiKey, listApiKeys, revokeApiKey } from "../../accountsApi";
import type { ApiKey, NewApiKey } from "../../api-types";
import { Field, Notice, primaryButton, Problem, quietButton, useSubmit } from "./FormParts";
import { humanMessage } from "./messages";
import { Section, when } from "./PageFrame";

const KEYS_FAILED = "Your API keys could not be loaded or changed just now. Try again.";

/** The person's API keys: made with a name (the key shown once, with a copy button), listed,
 * revoked. */
export function ApiKeysSection() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [name, setName] = useState("");
  const [made, setMade] = useState<NewApiKey | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const refresh = useCallback(
    () => listApiKeys().then(setKeys, (error: unknown) => setLoadProblem(humanMessage(error, {}, KEYS_FAILED))),
    [],
  );
  useEffect(() => void refresh(), [refresh]);

  const create = useSubmit(
    async () => {
      setMade(await createApiKey(name.trim()));
      setName("");
      await refresh();
    },
    (error) => humanMessage(error, {}, KEYS_FAILED),
  );
  const revokeKey = (id: string) =>
    void revokeApiKey(id).then(refresh, (error: unknown) => setLoadProblem(humanMessage(error, {}, KEYS_FAILED)));

  return (
    <Section title="API keys">
      <p className="text-sm text-slate-600">
        Keys let the command line, MCP clients and scripts act as you. Each is shown once, when it is made.
      </p>
      <form onSubmit={(event) => void create.submit(event)} className="flex items-end gap-2">
        <div className="flex-1">
          <Field label="Name of the new key" value={name} onChange={setName} />
        </div>
        <button type="submit" disabled={create.busy || !name.trim()} className={primaryButton}>
          Create key
        </button>
      </form>
      <Problem text={create.problem ?? loadProblem} />
      {made && <NewKey key={made.id} made={made} />}
      <KeyTable keys={keys} onRevoke={revokeKey} />
    </Section>
  );
}

/** The key just made, shown this once, with a copy button. */
function NewKey({ made }: { made: NewApiKey }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(made.key).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="new-key">
      <p>Copy the key “{made.name}” now: it will not be shown again.</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1" data-testid="new-key-value">
          {made.key}
        </code>
        <button type="button" className={quietButton} onClick={() => void copy()}>
          <Copy size={14} aria-hidden="true" className="inline" /> Copy
        </button>
      </div>
      <Notice text={copied ? "Copied." : null} />
    </div>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (id: string) => void }) {
  if (keys.length === 0) return <p className="text-sm text-slate-600">You have no API keys.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-slate-600">
        <tr>
          <th className="py-1 font-medium">Name</th>
          <th className="py-1 font-medium">Created</th>
          <th className="py-1 font-medium">Last used</th>
          <th className="py-1 font-medium"><span className="sr-only">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id} className="border-t border-slate-100" data-testid="api-key-row">
            <td className="py-1">{key.name}</td>
            <td className="py-1">{when(key.created_at)}</td>
            <td className="py-1">{when(key.last_used_at)}</td>
            <td className="py-1 text-right">
              <button type="button" className={quietButton} onClick={() => onRevoke(key.id)} aria-label={`Revoke ${key.name}`}>
                Revoke
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
