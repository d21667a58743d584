/**
 * The session reminder a customer set in the user centre (issue 30, section 5): every N minutes
 * of the session, counted from the sign-in (the server passes the session's start), a dialog
 * tells how long they have been signed in; "Continue" hides it until the next time, "Sign out"
 * ends the session. The count is the browser's clock against the server's start time: no request.
 */
import { useEffect, useState } from "preact/hooks";
import { fill, type Texts } from "./lib/fields.tsx";
import { api, clearSession } from "./lib/api.ts";

export const REMINDER_TEXTS = [
  "reminder.title",
  "reminder.body",
  "reminder.continue",
  "nav.logout",
] as const;

export type ReminderProps = {
  tx: Texts;
  /** when the session began (ms) */
  startedAt: number;
  /** every how many minutes */
  minutes: number;
  /** where a signed-out customer lands */
  home: string;
};

export default function SessionReminder({ tx, startedAt, minutes, home }: ReminderProps) {
  const period = minutes * 60_000;
  // the reminder last shown (its count of periods) and the one the customer dismissed
  const [shown, setShown] = useState(0);
  const [seen, setSeen] = useState(0);
  useEffect(() => {
    const next = () => {
      const n = Math.floor((Date.now() - startedAt) / period) + 1;
      return setTimeout(() => {
        setShown(n);
        timer = next();
      }, Math.max(0, startedAt + n * period - Date.now()));
    };
    let timer = next();
    return () => clearTimeout(timer);
  }, [startedAt, period]);
  if (shown <= seen) return null;
  return (
    <div
      class="notice-toast"
      role="alertdialog"
      aria-labelledby="reminder-title"
      aria-describedby="reminder-body"
      data-testid="session-reminder"
    >
      <strong id="reminder-title">{tx["reminder.title"]}</strong>
      <p class="small" id="reminder-body">
        {fill(tx["reminder.body"] ?? "", { minutes: shown * minutes })}
      </p>
      <div class="row-between">
        <button type="button" class="btn btn-primary btn-small" onClick={() => setSeen(shown)}>
          {tx["reminder.continue"]}
        </button>
        <button
          type="button"
          class="btn btn-ghost btn-small"
          onClick={async () => {
            await api((c) => c.POST("/logout", { body: {} }), { keepOn401: true });
            clearSession();
            location.href = home;
          }}
        >
          {tx["nav.logout"]}
        </button>
      </div>
    </div>
  );
}
