import { MessageSquare, Plus, Trash2, X } from "lucide-react";
import type { ReactNode } from "react";

import type { SessionSummary } from "../types";

interface Props {
  sessions: SessionSummary[];
  currentId: string | null;
  /** Why the list could not be loaded, if it could not. */
  error?: string | null;
  titleOf: (id: string) => string;
  open: boolean;
  onClose: () => void;
  onNewChat: () => void;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  children?: ReactNode;
}

/**
 * Chats and memory. A fixed column on wide screens; on narrow ones a drawer opened from the
 * header's menu button.
 */
export function Sidebar({ sessions, currentId, error, titleOf, open, onClose, onNewChat, onSelect, onDelete, children }: Props) {
  return (
    <>
      {open && <div className="fixed inset-0 z-30 bg-slate-900/40 md:hidden" onClick={onClose} aria-hidden="true" />}
      <aside
        id="sidebar"
        aria-label="Chats"
        className={`fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white transition-transform md:static md:z-auto md:translate-x-0 ${
          open ? "translate-x-0" : "-translate-x-full max-md:invisible"
        }`}
      >
        <div className="flex items-center gap-2 p-3">
          <button
            type="button"
            onClick={onNewChat}
            className="flex flex-1 items-center justify-center gap-2 rounded-xl bg-teal-700 px-3 py-2 text-sm font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            <Plus size={16} aria-hidden="true" />
            New chat
          </button>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close sidebar"
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 md:hidden"
          >
            <X size={18} aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Chat history" className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
          {sessions.length === 0 ? (
            <p className={`px-2 py-4 text-sm ${error ? "text-red-700" : "text-slate-500"}`}>
              {error ? `Could not load chats: ${error}` : "No chats yet."}
            </p>
          ) : (
            <ul className="flex flex-col gap-0.5" data-testid="session-list">
              {sessions.map(({ id }) => {
                const title = titleOf(id);
                const current = id === currentId;
                return (
                  <li
                    key={id}
                    data-testid="session-item"
                    data-session-id={id}
                    className={`group flex items-center rounded-lg ${current ? "bg-teal-50" : "hover:bg-slate-100"}`}
                  >
                    <button
                      type="button"
                      onClick={() => onSelect(id)}
                      aria-current={current ? "page" : undefined}
                      className={`flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-teal-600 ${
                        current ? "font-medium text-teal-900" : "text-slate-700"
                      }`}
                    >
                      <MessageSquare size={15} className="shrink-0 text-slate-500" aria-hidden="true" />
                      <span className="truncate" data-testid="session-title">
                        {title}
                      </span>
                    </button>
                    <button
                      type="button"
                      onClick={() => onDelete(id)}
                      aria-label={`Delete chat ${title}`}
                      className="mr-1 rounded p-1.5 text-slate-500 opacity-100 hover:bg-red-50 hover:text-red-600 focus:opacity-100 focus-visible:outline-2 focus-visible:outline-red-600 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100"
                    >
                      <Trash2 size={15} aria-hidden="true" />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </nav>
        {/* Memory, changes and the inbox scroll on their own: the chat list keeps its room. */}
        {children && <div className="relative max-h-[55%] shrink-0 overflow-y-auto" data-testid="sidebar-panels">{children}</div>}
      </aside>
    </>
  );
}
