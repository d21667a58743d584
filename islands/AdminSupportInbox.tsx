/**
 * The console's support inbox (`/admin/support`, roles support and admin): conversations by
 * status (open: the customer waits for an answer), one conversation with the customer's masked
 * summary beside it, a reply with canned replies in the customer's language, assignment, close
 * and reopen. The `support` socket channel (the inbox's: every conversation) says what changed on
 * any instance; the island reads the list and the open conversation again, and after every
 * reconnect. Texts are rendered as text, never HTML.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import {
  SUPPORT_STATUSES,
  SUPPORT_TEXT_MAX,
  type SupportDetailJson,
  type SupportInboxJson,
  type SupportStatus,
} from "../contract/support.ts";
import { apiHref, toast } from "./lib/api.ts";
import { adminCall, toSignIn } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { onStatus, subscribe } from "./lib/socket.ts";

export const INBOX_TEXTS = [
  "support.status.open",
  "support.status.waiting",
  "support.status.closed",
  "support.noConversations",
  "support.visitor",
  "support.choose",
  "support.assignee",
  "support.nobody",
  "support.assign",
  "support.close",
  "support.reopen",
  "support.reply",
  "support.send",
  "support.canned",
  "support.customer",
  "support.identity",
  "support.balances",
  "support.orders",
  "support.funds",
  "support.openCustomer",
  "support.unread",
  "support.read",
  "support.image",
  "support.agent",
  "support.language",
  "support.offline",
  "admin.none",
  "admin.support",
  "assets.wallet_spot",
  "page.certifyFirst",
  "page.certifySecond",
  "assets.wallet_contract",
  "validation.required",
  "app.networkError",
  "app.timeout",
] as const;

/** An attached image, as the inbox's operators read it (their cookie). */
const imageHref = (id: string) => apiHref("/admin/images/{id}", { path: { id } });

/** The verification level's words (none: "None"). */
const LEVEL: Record<string, string> = {
  none: "admin.none",
  junior: "page.certifyFirst",
  advanced: "page.certifySecond",
};

const when = (ms: number) => {
  const lang = document.documentElement.lang || "en";
  return new Date(ms).toLocaleString(lang, { dateStyle: "short", timeStyle: "short" });
};

export default function AdminSupportInbox(
  { tx, canned, status: initialStatus, id: initialId }: {
    tx: Texts;
    /** canned replies per language */
    canned: Record<string, string[]>;
    status: SupportStatus;
    id: string | null;
  },
) {
  const [status, setStatus] = useState<SupportStatus>(initialStatus);
  const [inbox, setInbox] = useState<SupportInboxJson | null>(null);
  const [selected, setSelected] = useState<string | null>(initialId);
  const [detail, setDetail] = useState<SupportDetailJson | null>(null);
  const [text, setText] = useState("");
  const [assignee, setAssignee] = useState("");
  const [busy, setBusy] = useState(false);
  const [online, setOnline] = useState(true);
  const current = useRef({ status, selected });
  current.current = { status, selected };
  const logRef = useRef<HTMLOListElement>(null);

  async function loadList(s = current.current.status) {
    const env = await adminCall((c) =>
      c.GET("/admin/support/conversations", { params: { query: { status: s } } })
    );
    if (env.code === -99) return toSignIn();
    if (env.code === 0 && s === current.current.status) setInbox(env.data);
  }

  async function loadDetail(id = current.current.selected) {
    if (!id) return setDetail(null);
    const env = await adminCall((c) =>
      c.GET("/admin/support/conversations/{id}", { params: { path: { id } } })
    );
    if (env.code === -99) return toSignIn();
    if (env.code === 0 && id === current.current.selected) {
      setDetail(env.data);
      setAssignee(env.data.conversation.assignee ?? "");
    }
  }

  useEffect(() => {
    void loadList();
    void loadDetail();
    let first = true;
    const off = subscribe("support", (n) => {
      void loadList();
      if (n.conversation === current.current.selected) void loadDetail();
    });
    const offStatus = onStatus((up) => {
      setOnline(up);
      if (up && !first) {
        void loadList();
        void loadDetail();
      }
      first = false;
    });
    return () => {
      off();
      offStatus();
    };
  }, []);

  const count = detail?.messages.length ?? 0;
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, detail?.conversation.id]);

  function show(s: SupportStatus, id: string | null) {
    const u = new URL(location.href);
    u.searchParams.set("status", s);
    if (id) u.searchParams.set("id", id);
    else u.searchParams.delete("id");
    history.replaceState(null, "", u.href);
  }

  function pickStatus(s: SupportStatus) {
    setStatus(s);
    current.current.status = s;
    setInbox(null);
    show(s, selected);
    void loadList(s);
  }

  function open(id: string) {
    setSelected(id);
    current.current.selected = id;
    setDetail(null);
    setText("");
    show(status, id);
    void loadDetail(id);
  }

  async function act<R extends { code: number; message: string }>(f: () => Promise<R>) {
    if (busy) return false;
    setBusy(true);
    const env = await f();
    setBusy(false);
    if (env.code === -99) return toSignIn(), false;
    if (env.code !== 0) return toast(failureMessage(env, tx), "error"), false;
    await Promise.all([loadList(), loadDetail()]);
    return true;
  }

  async function reply(e: Event) {
    e.preventDefault();
    const id = selected;
    if (!id) return;
    if (!text.trim()) return toast(tx["validation.required"]!, "error");
    const body = { text: text.trim() };
    const done = await act(() =>
      adminCall((c) =>
        c.POST("/admin/support/conversations/{id}/messages", { params: { path: { id } }, body })
      )
    );
    if (done) setText("");
  }

  const assign = () =>
    selected && act(() =>
      adminCall((c) =>
        c.POST("/admin/support/conversations/{id}/assign", {
          params: { path: { id: selected } },
          body: { operator: assignee || null },
        })
      )
    );
  const close = (reopen: boolean) =>
    selected && act(() =>
      adminCall((c) =>
        c.POST("/admin/support/conversations/{id}/close", {
          params: { path: { id: selected } },
          body: { reopen },
        })
      )
    );

  const conv = detail?.conversation;
  const replies = conv ? canned[conv.locale] ?? canned.en ?? [] : [];
  const cust = detail?.customer;
  return (
    <div class="support-inbox" data-testid="support-inbox">
      {!online && <p class="muted small" role="status">{tx["support.offline"]}</p>}
      <nav class="admin-filter support-tabs" aria-label={tx["admin.support"]}>
        {SUPPORT_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            class={s === status ? "btn btn-small btn-primary" : "btn btn-small"}
            aria-pressed={s === status}
            onClick={() => pickStatus(s)}
            data-testid={`support-status-${s}`}
          >
            {tx[`support.status.${s}`]}
            {s !== "closed" && inbox ? ` (${inbox.counts[s]})` : ""}
          </button>
        ))}
      </nav>
      <div class="support-grid">
        <ul class="card support-list" data-testid="support-list">
          {inbox?.items.length === 0 && <li class="muted small">{tx["support.noConversations"]}
          </li>}
          {inbox?.items.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                class={c.id === selected ? "support-row active" : "support-row"}
                aria-current={c.id === selected ? "true" : undefined}
                onClick={() => open(c.id)}
                data-testid="support-row"
              >
                <span class="support-who">
                  {c.userId ?? tx["support.visitor"]}
                  {c.unread && (
                    <span class="badge" data-testid="support-unread">{tx["support.unread"]}</span>
                  )}
                </span>
                <span class="support-preview small muted">{c.preview}</span>
                <span class="small muted">
                  {when(c.updatedAt)}
                  {c.assignee ? ` · ${c.assignee}` : ""}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <section class="card support-thread" aria-live="polite" data-testid="support-thread">
          {!conv && <p class="muted">{tx["support.choose"]}</p>}
          {conv && (
            <>
              <h2 class="support-head">
                {conv.userId ?? tx["support.visitor"]}{" "}
                <span class="muted small">
                  {tx[`support.status.${conv.status}`]} · {tx["support.language"]}: {conv.locale}
                </span>
              </h2>
              <ol class="chat-log" ref={logRef} tabIndex={0} data-testid="support-log">
                {detail!.messages.map((m) => (
                  <li
                    key={m.id}
                    class={`chat-msg ${m.from === "operator" ? "customer" : "operator"}`}
                    data-testid="support-msg"
                    data-from={m.from}
                  >
                    <span class="chat-who">
                      {m.from === "operator"
                        ? m.operator ?? tx["support.agent"]
                        : conv.userId ?? tx["support.visitor"]}
                    </span>
                    {m.text && <p class="chat-text">{m.text}</p>}
                    {m.imageId && (
                      <a href={imageHref(m.imageId)} target="_blank">
                        <img
                          class="chat-img"
                          src={imageHref(m.imageId)}
                          alt={tx["support.image"]}
                          data-testid="support-img"
                        />
                      </a>
                    )}
                    <span class="chat-meta">
                      {when(m.at)}
                      {m.from === "operator" && m.read ? ` · ${tx["support.read"]}` : ""}
                    </span>
                  </li>
                ))}
              </ol>
              {conv.status !== "closed" && (
                <form class="chat-form" onSubmit={reply} noValidate>
                  {replies.length > 0 && (
                    <div class="field">
                      <label for="support-canned">{tx["support.canned"]}</label>
                      <select
                        id="support-canned"
                        value=""
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          if (v) setText((x) => (x ? x + "\n" : "") + v);
                        }}
                        data-testid="support-canned"
                      >
                        <option value="">—</option>
                        {replies.map((r) => <option key={r} value={r}>{r}</option>)}
                      </select>
                    </div>
                  )}
                  <div class="field">
                    <label for="support-reply">{tx["support.reply"]}</label>
                    <textarea
                      id="support-reply"
                      rows={3}
                      maxLength={SUPPORT_TEXT_MAX}
                      value={text}
                      onInput={(e) => setText(e.currentTarget.value)}
                      data-testid="support-reply"
                    />
                  </div>
                  <button
                    type="submit"
                    class="btn btn-primary"
                    disabled={busy}
                    data-testid="support-send"
                  >
                    {tx["support.send"]}
                  </button>
                </form>
              )}
              <div class="support-actions">
                <label for="support-assignee">{tx["support.assignee"]}</label>
                <select
                  id="support-assignee"
                  value={assignee}
                  onChange={(e) => setAssignee(e.currentTarget.value)}
                  data-testid="support-assignee"
                >
                  <option value="">{tx["support.nobody"]}</option>
                  {detail!.assignable.map((o) => <option key={o} value={o}>{o}</option>)}
                </select>
                <button type="button" class="btn btn-small" onClick={assign} disabled={busy}>
                  {tx["support.assign"]}
                </button>
                <button
                  type="button"
                  class="btn btn-small"
                  onClick={() => close(conv.status !== "closed" ? false : true)}
                  disabled={busy}
                  data-testid="support-close"
                >
                  {conv.status === "closed" ? tx["support.reopen"] : tx["support.close"]}
                </button>
              </div>
            </>
          )}
        </section>
        {conv && (
          <aside
            class="card support-customer"
            data-testid="support-customer"
            aria-label={tx["support.customer"]}
          >
            <h2>{tx["support.customer"]}</h2>
            {!cust && <p class="muted small">{tx["support.visitor"]}</p>}
            {cust && (
              <>
                <p class="small">
                  {cust.userId} · {cust.phone}
                  <br />
                  {tx["support.identity"]}:{" "}
                  {LEVEL[cust.certifyLevel] ? tx[LEVEL[cust.certifyLevel]!] : cust.certifyLevel}
                  {cust.verifiedName ? ` · ${cust.verifiedName}` : ""}
                </p>
                <h3 class="small">{tx["support.balances"]}</h3>
                <ul class="small plain">
                  {cust.balances.length === 0 && <li class="muted">{tx["admin.none"]}</li>}
                  {cust.balances.map((b) => (
                    <li key={b.wallet + b.currency}>
                      {tx[`assets.wallet_${b.wallet}`] ?? b.wallet}: {b.total} {b.currency}
                    </li>
                  ))}
                </ul>
                <h3 class="small">{tx["support.orders"]}</h3>
                <ul class="small plain">
                  {cust.orders.length === 0 && <li class="muted">{tx["admin.none"]}</li>}
                  {cust.orders.map((o, i) => (
                    <li key={i}>{o.kind} {o.symbol} · {o.status} · {when(o.at)}</li>
                  ))}
                </ul>
                <h3 class="small">{tx["support.funds"]}</h3>
                <ul class="small plain">
                  {cust.funds.length === 0 && <li class="muted">{tx["admin.none"]}</li>}
                  {cust.funds.map((f, i) => (
                    <li key={i}>{f.kind} {f.amount} {f.currency} · {f.status}</li>
                  ))}
                </ul>
                <p class="small">
                  <a href={`/admin/customers?id=${encodeURIComponent(cust.userId)}`}>
                    {tx["support.openCustomer"]}
                  </a>
                </p>
              </>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
