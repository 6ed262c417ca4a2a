import { Home, Menu } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from "react";

import { getSession } from "./api";
import { AccountMenu } from "./components/account/AccountMenu";
import { AuthScreens } from "./components/account/AuthScreens";
import { AlertBell } from "./components/AlertBell";
import { ChangeLog } from "./components/ChangeLog";
import { HandoffInbox } from "./components/HandoffInbox";
import { ChatInput } from "./components/ChatInput";
import { EmptyState } from "./components/EmptyState";
import { MessageList } from "./components/MessageList";
import { MyRequests } from "./components/MyRequests";
import { PreferencesPanel } from "./components/PreferencesPanel";
import { Sidebar } from "./components/Sidebar";
import { SaveNotice } from "./components/SaveNotice";
import { HomeActionsContext } from "./homeActions";
import { useAlerts } from "./hooks/useAlerts";
import { useAuth, type AuthState } from "./hooks/useAuth";
import { useChatStream, type TurnResult } from "./hooks/useChatStream";
import { useHandoffs } from "./hooks/useHandoffs";
import { useMyRequests } from "./hooks/useMyRequests";
import { usePreferences } from "./hooks/usePreferences";
import { useSavedHomes } from "./hooks/useSavedHomes";
import { useSessions } from "./hooks/useSessions";
import { useViewMode } from "./hooks/useViewMode";
import { keepGuestChat, takeGuestChat } from "./guestChat";
import { isFreshEntry, sessionFromUrl, showSessionInUrl, type HistoryMode } from "./sessionUrl";
import { detailRequest } from "./requests";

export function App() {
  const auth = useAuth();
  // What to keep before single sign-on leaves the page (set by the workspace while a guest's).
  const keepForSignIn = useRef<() => void>(() => undefined);
  return (
    <>
      <Workspace key={auth.generation} auth={auth} keepForSignIn={keepForSignIn} />
      <AuthScreens auth={auth} onLeavingToSignIn={() => keepForSignIn.current()} />
    </>
  );
}

function Workspace({ auth, keepForSignIn }: { auth: AuthState; keepForSignIn: MutableRefObject<() => void> }) {
  const guest = auth.anonymous;
  const [viewMode, setViewMode] = useViewMode();
  const sessions = useSessions(!guest);
  const memory = usePreferences(!guest);
  const inbox = useHandoffs(!guest);
  const alerts = useAlerts(!guest);
  const requests = useMyRequests(!guest, alerts.alerts.map((alert) => alert.id).join());
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const { refresh: refreshSessions, firstList, loadTitle } = sessions;
  const { refresh: refreshMemory } = memory;
  const { refresh: refreshInbox } = inbox;
  const { refresh: refreshAlerts } = alerts;
  const { refresh: refreshRequests } = requests;
  const onTurnComplete = useCallback(
    ({ sessionId, isNewSession }: TurnResult) => {
      if (guest) return; // guests keep nothing: no list, no title, no memory
      void refreshSessions().then(() => (isNewSession ? loadTitle(sessionId) : undefined));
      void refreshMemory();
      void refreshInbox();
      void refreshRequests();
      if (isNewSession) void refreshAlerts(); // a new session opened with them: now read
    },
    [guest, refreshSessions, loadTitle, refreshMemory, refreshInbox, refreshRequests, refreshAlerts],
  );
  // A turn that can no longer be followed (its events expired) is shown as stored instead.
  const reloadRef = useRef<(id: string) => void>(() => undefined);
  const chat = useChatStream(onTurnComplete, (id) => reloadRef.current(id));
  const saved = useSavedHomes(memory.preferences, !guest, refreshMemory);
  const chatRef = useRef(chat);
  chatRef.current = chat;
  keepForSignIn.current = guest ? () => keepGuestChat(chatRef.current) : () => undefined;

  // Back from single sign-on: the conversation the guest left with, on screen again.
  useEffect(() => {
    const kept = takeGuestChat();
    if (kept) chatRef.current.restore(kept.sessionId, kept.messages);
  }, []);

  /**
   * Shows session `id`; `history` says how the address follows (null: it already shows it).
   * `stillWanted` lets an automatic open give way to whatever the user started meanwhile.
   */
  const openSession = useCallback(
    async (id: string, history: HistoryMode | null = "push", stillWanted: () => boolean = () => true) => {
      setSidebarOpen(false);
      setLoadError(null);
      try {
        const loaded = await getSession(id);
        if (!stillWanted()) return;
        if (history && !guest) showSessionInUrl(id, history);
        chatRef.current.open(id, loaded.turns, loaded.pending_confirm, loaded.run);
      } catch (error) {
        setLoadError(error instanceof Error ? `Could not open that chat: ${error.message}` : "Could not open that chat");
      }
    },
    [guest],
  );

  reloadRef.current = (id: string) => void openSession(id, null);

  const newChat = useCallback(
    (history: HistoryMode | null = "push") => {
      setSidebarOpen(false);
      setLoadError(null);
      if (history && !guest) showSessionInUrl(null, history);
      chatRef.current.open(null);
    },
    [guest],
  );

  // The address follows a session the server just created for a fresh chat.
  useEffect(() => {
    if (!guest && chat.sessionId) showSessionInUrl(chat.sessionId, "replace");
  }, [guest, chat.sessionId]);

  // On load: the session in the address, else the most recent one; Back/Forward switch sessions.
  useEffect(() => {
    if (guest) return;
    const entry = window.history.state as unknown;
    const untouched = () =>
      window.history.state === entry &&
      chatRef.current.sessionId === null &&
      chatRef.current.messages.length === 0;
    const fromUrl = sessionFromUrl();
    if (fromUrl && fromUrl !== chatRef.current.sessionId) void openSession(fromUrl, null, untouched);
    else if (!isFreshEntry()) {
      void firstList().then((list) => {
        if (list[0] && untouched()) void openSession(list[0].id, "replace", untouched);
      });
    }
    const onPopState = () => {
      const id = sessionFromUrl();
      if (id === chatRef.current.sessionId) return;
      if (id) void openSession(id, null);
      else newChat(null);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [guest, openSession, newChat, firstList]);

  const deleteChat = useCallback(
    async (id: string) => {
      const list = sessions.sessions;
      const index = list.findIndex((session) => session.id === id);
      const next = list[index + 1] ?? list[index - 1];
      try {
        await sessions.remove(id);
      } catch (error) {
        setLoadError(error instanceof Error ? error.message : "Could not delete that chat");
        return;
      }
      if (id !== chat.sessionId) return;
      if (next) await openSession(next.id, "replace");
      else newChat("replace");
    },
    [sessions, chat.sessionId, openSession, newChat],
  );

  const title = chat.sessionId ? sessions.titleOf(chat.sessionId) : "New chat";

  return (
    <HomeActionsContext.Provider value={saved}>
    <div className="flex h-dvh overflow-hidden">
      <Sidebar
        sessions={sessions.sessions}
        currentId={chat.sessionId}
        error={sessions.error}
        titleOf={sessions.titleOf}
        open={sidebarOpen}
        onClose={() => setSidebarOpen(false)}
        onNewChat={() => newChat()}
        onSelect={(id) => void openSession(id)}
        onDelete={(id) => void deleteChat(id)}
      >
        {memory.available && (
          <PreferencesPanel
            preferences={memory.preferences}
            onForget={(skill, key) => void memory.forget(skill, key)}
            onEdit={memory.edit}
            addresses={memory.addresses}
          />
        )}
        <MyRequests requests={requests.requests} />
        <ChangeLog changes={memory.changes} addresses={memory.addresses} onUndo={(id) => void memory.undo(id)} />
        {inbox.available && <HandoffInbox
            handoffs={inbox.handoffs}
            onHandled={(id) => void inbox.handle(id)}
            onReply={(id, text) => void inbox.reply(id, text)}
          />}
      </Sidebar>
      <main className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden">
        <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
          <button
            type="button"
            onClick={() => setSidebarOpen(true)}
            aria-label="Open sidebar"
            aria-controls="sidebar"
            aria-expanded={sidebarOpen}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 md:hidden"
          >
            <Menu size={20} aria-hidden="true" />
          </button>
          <Home size={20} className="text-teal-600" aria-hidden="true" />
          <h1 className="font-semibold text-slate-900">PropSearch</h1>
          <span className="truncate text-sm text-slate-500" data-testid="current-title">
            · {title}
          </span>
          {!guest && (
            <div className="ml-auto">
              <AlertBell
                alerts={alerts.alerts}
                unread={alerts.unread}
                onRead={(ids) => void alerts.markRead(ids)}
                onOpenListing={(listing) => chat.send(detailRequest(listing))}
              />
            </div>
          )}
          <div className={guest ? "ml-auto" : undefined}>
            <AccountMenu auth={auth} />
          </div>
        </header>
        {/* `relative`: visually hidden parts (sr-only, position: absolute) stay inside the scroller
            instead of growing the document. */}
        <div className="relative min-h-0 flex-1 overflow-y-auto" data-testid="scroll-area">
          {loadError && (
            <p role="alert" className="mx-auto mt-4 max-w-4xl rounded-lg bg-red-50 px-4 py-2 text-sm text-red-800">
              {loadError}
            </p>
          )}
          {saved.notice && (
            <SaveNotice
              notice={saved.notice}
              onSignIn={guest ? () => auth.show("signin") : undefined}
              onDismiss={saved.dismissNotice}
            />
          )}
          {chat.messages.length === 0 ? (
            <EmptyState onPick={chat.send} />
          ) : (
            <MessageList
              messages={chat.messages}
              busy={chat.streaming}
              viewMode={viewMode}
              onViewModeChange={setViewMode}
              onSelectListing={(listing) => chat.send(detailRequest(listing))}
              onSend={chat.send}
              onRetry={chat.retry}
              onConfirm={chat.answerConfirm}
              onCancelQueued={chat.cancelQueued}
            />
          )}
        </div>
        <div className="mx-auto w-full max-w-4xl shrink-0 px-3 pb-3 sm:px-6">
          <ChatInput disabled={chat.streaming} onSend={chat.send} />
        </div>
      </main>
    </div>
    </HomeActionsContext.Provider>
  );
}
