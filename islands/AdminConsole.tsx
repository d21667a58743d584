import type { ComponentChildren } from "preact";
import { formatNumber, uiLocale } from "../locales/format.ts";
import { useEffect, useRef, useState } from "preact/hooks";
import { api, type Envelope, toast } from "./lib/api.ts";
import {
  type AuditItem,
  type CertificationItem,
  clearOperatorSession,
  formatTime,
  loadImage,
  loadSession,
  type OperatorInfo,
  operatorLogin,
  operatorLogout,
  type Page,
  type Queue,
  QUEUE_STATUSES,
  type QueueItem,
  type RechargeItem,
  type Tab,
  TAB_ROLE,
  tabOfPath,
  TABS,
  type WithdrawalItem,
} from "./lib/admin.ts";
import { Field, PasswordInput, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

/** An amount exactly as stored (all its decimals), grouped in the page's language. */
const exact = (v: string) => formatNumber(v, 8, uiLocale(), { trim: true });

export const ADMIN_TEXTS = [
  "admin.title",
  "admin.signIn",
  "admin.username",
  "admin.password",
  "admin.totp",
  "admin.login",
  "admin.logout",
  "admin.recharges",
  "admin.withdrawals",
  "admin.certifications",
  "admin.audit",
  "admin.queue",
  "admin.customer",
  "admin.evidence",
  "admin.pass",
  "admin.reject",
  "admin.complete",
  "admin.freeze",
  "admin.thaw",
  "admin.reason",
  "admin.done",
  "admin.empty",
  "admin.payTo",
  "admin.operator",
  "admin.action",
  "admin.target",
  "admin.refresh",
  "admin.level",
  "funds.status.auditing",
  "funds.status.withdrawing",
  "funds.status.passed",
  "funds.status.rejected",
  "funds.status.frozen",
  "funds.status.failed",
  "funds.step.requested",
  "funds.step.pass",
  "funds.step.complete",
  "funds.step.reject",
  "funds.step.freeze",
  "funds.step.thaw",
  "funds.amount",
  "funds.currency",
  "funds.fee",
  "funds.net",
  "funds.time",
  "funds.reason",
  "funds.more",
  "funds.detail",
  "funds.copy",
  "funds.copied",
  "recharge.remitterName",
  "recharge.remitterAccount",
  "recharge.voucher",
  "recharge.channel",
  "certify.junior",
  "certify.advanced",
  "certify.name",
  "certify.docType",
  "certify.docNumber",
  "certify.doc.idCard",
  "certify.doc.passport",
  "certify.doc.drivingLicence",
  "certify.front",
  "certify.back",
  "certify.handheld",
  "certify.state.authenticating",
  "certify.state.authenticated",
  "certify.state.rejected",
  "methods.bankCard",
  "methods.cryptoAddress",
  "methods.domestic",
  "methods.international",
  "methods.holder",
  "methods.number",
  "methods.swift",
  "methods.bankName",
  "methods.bankAddress",
  "methods.branch",
  "methods.type",
  "methods.address",
  "app.loading",
  "app.back",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
  "validation.reasonRequired",
  "validation.codeInvalid",
  "validation.required",
  "validation.passwordRequired",
] as const;

/** Sends a request with the operator token; a -99 reply ends the console session. */
type Call = <T>(path: string, opts?: { method?: string; body?: unknown }) => Promise<Envelope<T>>;
type Lightbox = { url: string; label: string } | null;

interface Session {
  token: string;
  info: OperatorInfo | null;
}

/**
 * The operators' console: sign-in (username, password, TOTP), then the review queues
 * (recharges, withdrawals, verifications) and the audit log. The operator token lives in this
 * tab's sessionStorage only; tabs switch client-side and keep the URL (/admin/<tab>) in step.
 */
export default function AdminConsole({ tx, tab: initialTab }: { tx: Texts; tab: Tab }) {
  const [phase, setPhase] = useState<"boot" | "signin" | "console">("boot");
  const [session, setSession] = useState<Session | null>(null);
  const [tab, setTab] = useState<Tab>(initialTab);

  useEffect(() => {
    const s = loadSession();
    setSession(s);
    setPhase(s ? "console" : "signin");
    const onPop = () => {
      const t = tabOfPath(location.pathname);
      if (t) setTab(t);
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);

  function expired(message: string) {
    clearOperatorSession();
    imageCache.clear();
    setSession(null);
    setPhase("signin");
    toast(message, "error");
  }

  if (phase === "boot") {
    return (
      <div class="admin-boot" aria-busy="true">
        <p class="muted">{tx["app.loading"]}</p>
      </div>
    );
  }
  if (phase === "signin" || !session) {
    return (
      <SignIn
        tx={tx}
        onSignedIn={(s) => {
          setSession(s);
          setPhase("console");
        }}
      />
    );
  }
  return (
    <Console
      tx={tx}
      session={session}
      tab={tab}
      setTab={(t) => {
        setTab(t);
        const path = `/admin/${t}`;
        if (location.pathname !== path) history.pushState({ tab: t }, "", path);
      }}
      onExpired={expired}
      onSignedOut={() => {
        imageCache.clear();
        setSession(null);
        setPhase("signin");
      }}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Sign-in

function SignIn({ tx, onSignedIn }: { tx: Texts; onSignedIn: (s: Session) => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    const errs: Record<string, string> = {};
    if (!username.trim()) errs.username = tx["validation.required"]!;
    if (!password) errs.password = tx["validation.passwordRequired"]!;
    if (!/^\d{6}$/.test(totp.trim())) errs.totp = tx["validation.codeInvalid"]!;
    setErrors(errs);
    setFailure("");
    if (Object.keys(errs).length) {
      document.getElementById(Object.keys(errs)[0]!)?.focus();
      return;
    }
    setBusy(true);
    const { env, token } = await operatorLogin({
      username: username.trim(),
      password,
      totp: totp.trim(),
    });
    setBusy(false);
    if (env.code === 0 && token) {
      onSignedIn({
        token,
        info: { username: username.trim(), roles: env.data.roles, expiresAt: env.data.expiresAt },
      });
      return;
    }
    setErrors(env.data.fields ?? {});
    // A code is good once and for 30 seconds: the next attempt needs a fresh one.
    setTotp("");
    setFailure(failureMessage(env, tx));
  }

  return (
    <section class="auth-card admin-signin" aria-labelledby="admin-signin-title">
      <p class="muted small admin-kicker">{tx["admin.title"]}</p>
      <h1 id="admin-signin-title" tabIndex={-1} ref={heading}>{tx["admin.signIn"]}</h1>
      <form class="form" onSubmit={submit} noValidate data-testid="admin-signin">
        <Field id="username" label={tx["admin.username"]!} error={errors.username}>
          <input
            id="username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellcheck={false}
            maxLength={64}
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? "username-error" : undefined}
          />
        </Field>
        <PasswordInput
          id="password"
          label={tx["admin.password"]!}
          value={password}
          set={setPassword}
          error={errors.password}
          autoComplete="current-password"
          maxLength={128}
        />
        <Field id="totp" label={tx["admin.totp"]!} error={errors.totp}>
          <input
            id="totp"
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            value={totp}
            onInput={(e) => setTotp(e.currentTarget.value.replace(/\D/g, ""))}
            aria-invalid={errors.totp ? true : undefined}
            aria-describedby={errors.totp ? "totp-error" : undefined}
          />
        </Field>
        {failure && <p class="admin-alert" role="alert" data-testid="signin-error">{failure}</p>}
        <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
          {tx["admin.login"]}
        </button>
      </form>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// The console frame: header, tabs, the current view, the image viewer.

function Console(
  { tx, session, tab, setTab, onExpired, onSignedOut }: {
    tx: Texts;
    session: Session;
    tab: Tab;
    setTab: (t: Tab) => void;
    onExpired: (message: string) => void;
    onSignedOut: () => void;
  },
) {
  const [lightbox, setLightbox] = useState<Lightbox>(null);
  const [leaving, setLeaving] = useState(false);
  const roles = session.info?.roles;
  const tabs = TABS.filter((t) => !roles || roles.includes(TAB_ROLE[t]));
  const current = tabs.includes(tab) ? tab : tabs[0];

  const call: Call = async <T,>(path: string, opts: { method?: string; body?: unknown } = {}) => {
    const env = await api<T>(path, { ...opts, operatorToken: session.token });
    if (env.code === -99) onExpired(env.message);
    return env;
  };

  return (
    <div class="admin-console">
      <header class="admin-top">
        <h1 class="admin-brand">{tx["admin.title"]}</h1>
        <nav class="admin-tabs" aria-label={tx["admin.title"]}>
          {tabs.map((t) => (
            <a
              key={t}
              href={`/admin/${t}`}
              class={t === current ? "active" : undefined}
              aria-current={t === current ? "page" : undefined}
              data-testid={`tab-${t}`}
              onClick={(e) => {
                if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                setTab(t);
              }}
            >
              {tx[`admin.${t}`]}
            </a>
          ))}
        </nav>
        <div class="admin-who">
          {session.info && <span class="muted small">{session.info.username}</span>}
          <button
            type="button"
            class="btn btn-ghost btn-small"
            disabled={leaving}
            data-testid="admin-logout"
            onClick={async () => {
              setLeaving(true);
              await operatorLogout(session.token);
              onSignedOut();
            }}
          >
            {tx["admin.logout"]}
          </button>
        </div>
      </header>
      {current === undefined
        ? <p class="admin-alert" role="alert">{tx["admin.empty"]}</p>
        : current === "audit"
        ? <AuditLog tx={tx} call={call} />
        : (
          <QueueView
            key={current}
            queue={current}
            tx={tx}
            call={call}
            token={session.token}
            onExpired={onExpired}
            openImage={setLightbox}
          />
        )}
      <ImageViewer tx={tx} image={lightbox} onClose={() => setLightbox(null)} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// A review queue: status filter, list, detail with evidence and decisions.

function statusText(tx: Texts, queue: Queue, status: string) {
  return tx[queue === "certifications" ? `certify.state.${status}` : `funds.status.${status}`] ??
    status;
}

function StatusBadge({ tx, queue, status }: { tx: Texts; queue: Queue; status: string }) {
  return (
    <span class={`admin-status s-${status}`} data-testid="detail-status">
      {statusText(tx, queue, status)}
    </span>
  );
}

function QueueView(
  { queue, tx, call, token, onExpired, openImage }: {
    queue: Queue;
    tx: Texts;
    call: Call;
    token: string;
    onExpired: (message: string) => void;
    openImage: (img: Lightbox) => void;
  },
) {
  const [status, setStatus] = useState<string>(QUEUE_STATUSES[queue][0]);
  const [items, setItems] = useState<QueueItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState("");
  const [selected, setSelected] = useState<QueueItem | null>(null);
  const seq = useRef(0);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const focusDetail = useRef(false);

  async function load(append = false) {
    const mine = ++seq.current;
    setLoading(true);
    const qs = new URLSearchParams({ status, limit: "20" });
    if (append && cursor) qs.set("cursor", cursor);
    const env = await call<Page<QueueItem>>(`/api/admin/${queue}?${qs}`, { method: "GET" });
    if (mine !== seq.current) return; // a newer request (another filter) won
    setLoading(false);
    if (env.code !== 0) {
      if (env.code !== -99) setError(failureMessage(env, tx));
      return;
    }
    setError("");
    setItems((prev) => append ? [...prev, ...env.data.items] : env.data.items);
    setCursor(env.data.cursor);
  }

  useEffect(() => {
    setSelected(null);
    setItems([]);
    setCursor(null);
    load();
  }, [status]);

  useEffect(() => {
    if (selected && focusDetail.current) {
      focusDetail.current = false;
      detailHeading.current?.focus();
    }
  }, [selected?.id]);

  /** After a decision (or a conflict): the item as it is now, and the list again. */
  async function refresh(id: string) {
    const env = await call<QueueItem>(`/api/admin/${queue}/${encodeURIComponent(id)}`, {
      method: "GET",
    });
    if (env.code === 0) setSelected(env.data);
    await load();
  }

  function open(item: QueueItem) {
    focusDetail.current = true;
    setSelected(item);
  }

  const statuses = QUEUE_STATUSES[queue] as readonly string[];
  return (
    <section class="admin-queue" aria-labelledby="queue-title">
      <div class="admin-bar">
        <h2 id="queue-title">{tx[`admin.${queue}`]}</h2>
        <div class="admin-filter">
          <label for="queue-status">{tx["admin.queue"]}</label>
          <select
            id="queue-status"
            data-testid="queue-status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
          >
            {statuses.map((s) => <option key={s} value={s}>{statusText(tx, queue, s)}</option>)}
          </select>
          <button
            type="button"
            class="btn btn-ghost btn-small"
            disabled={loading}
            onClick={() => load()}
            data-testid="queue-refresh"
          >
            {tx["admin.refresh"]}
          </button>
        </div>
      </div>
      <div class="admin-split">
        <div class="admin-list card" aria-busy={loading}>
          {error && <p class="admin-alert" role="alert">{error}</p>}
          {!error && !loading && items.length === 0 && (
            <p class="admin-empty muted" data-testid="queue-empty">{tx["admin.empty"]}</p>
          )}
          {items.length > 0 && (
            <div class="table-wrap">
              <table class="table admin-table" data-testid="queue-table">
                <QueueHead queue={queue} tx={tx} />
                <tbody>
                  {items.map((item) => (
                    <QueueRow
                      key={item.id}
                      queue={queue}
                      item={item}
                      tx={tx}
                      current={selected?.id === item.id}
                      onOpen={() => open(item)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            tx={tx}
            loading={loading}
            empty={items.length === 0}
            cursor={cursor}
            onMore={() => load(true)}
          />
        </div>
        <div class="admin-detail card" data-testid="detail">
          {selected
            ? (
              <Detail
                key={selected.id}
                queue={queue}
                item={selected}
                tx={tx}
                call={call}
                token={token}
                onExpired={onExpired}
                openImage={openImage}
                headingRef={detailHeading}
                onChanged={() => refresh(selected.id)}
              />
            )
            : <p class="muted admin-empty">{tx["funds.detail"]}</p>}
        </div>
      </div>
    </section>
  );
}

function QueueHead({ queue, tx }: { queue: Queue; tx: Texts }) {
  const cols = queue === "recharges"
    ? ["funds.time", "admin.customer", "funds.amount", "recharge.channel", "recharge.remitterName"]
    : queue === "withdrawals"
    ? ["funds.time", "admin.customer", "funds.amount", "funds.net", "admin.payTo"]
    : ["funds.time", "admin.customer", "admin.level", "certify.name"];
  return (
    <thead>
      <tr>
        {cols.map((k) => (
          <th key={k} scope="col" class={k === "funds.amount" || k === "funds.net" ? "num" : ""}>
            {tx[k]}
          </th>
        ))}
        <th scope="col">
          <span class="sr-only">{tx["funds.detail"]}</span>
        </th>
      </tr>
    </thead>
  );
}

function QueueRow(
  { queue, item, tx, current, onOpen }: {
    queue: Queue;
    item: QueueItem;
    tx: Texts;
    current: boolean;
    onOpen: () => void;
  },
) {
  return (
    <tr
      class={current ? "selected" : undefined}
      aria-current={current ? "true" : undefined}
      data-id={item.id}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest("button")) onOpen();
      }}
    >
      <td class="nowrap">{formatTime(item.createdAt)}</td>
      <td class="mono">{item.userId}</td>
      {queue === "recharges" && <RechargeCells r={item as RechargeItem} />}
      {queue === "withdrawals" && <WithdrawalCells w={item as WithdrawalItem} />}
      {queue === "certifications" && (
        <>
          <td>{tx[`certify.${(item as CertificationItem).level}`]}</td>
          <td>{(item as CertificationItem).junior?.name ?? "—"}</td>
        </>
      )}
      <td class="admin-open">
        <button type="button" class="btn btn-ghost btn-small" onClick={onOpen}>
          {tx["funds.detail"]}
        </button>
      </td>
    </tr>
  );
}

function RechargeCells({ r }: { r: RechargeItem }) {
  return (
    <>
      <td class="num nowrap">{`${exact(r.amount)} ${r.currency}`}</td>
      <td>{r.channelName}</td>
      <td>{r.remitterName}</td>
    </>
  );
}

function WithdrawalCells({ w }: { w: WithdrawalItem }) {
  return (
    <>
      <td class="num nowrap">{`${exact(w.amount)} ${w.currency}`}</td>
      <td class="num nowrap">{`${exact(w.net)} ${w.currency}`}</td>
      <td>{w.method.label}</td>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Detail and decisions

type Mode = { kind: "confirm"; action: string } | { kind: "reject" } | null;

function Detail(
  { queue, item, tx, call, token, onExpired, openImage, headingRef, onChanged }: {
    queue: Queue;
    item: QueueItem;
    tx: Texts;
    call: Call;
    token: string;
    onExpired: (message: string) => void;
    openImage: (img: Lightbox) => void;
    headingRef: { current: HTMLHeadingElement | null };
    onChanged: () => Promise<void>;
  },
) {
  const [mode, setMode] = useState<Mode>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState("");
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // The step that opens takes focus (keyboard users continue where they clicked).
  useEffect(() => {
    if (mode?.kind === "reject") reasonRef.current?.focus();
    if (mode?.kind === "confirm") confirmRef.current?.focus();
  }, [mode]);

  const actions = actionsFor(queue, item);

  /** One click, one request: a second click while the first runs does nothing. */
  async function decide(action: string, body?: { reason: string }) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const env = await call(
      `/api/admin/${queue}/${encodeURIComponent(item.id)}/${action}`,
      body ? { body } : {},
    );
    inFlight.current = false;
    setBusy(false);
    if (env.code === -99) return;
    if (env.code === 0) {
      toast(tx["admin.done"]!);
      setMode(null);
      setReason("");
      await onChanged();
      return;
    }
    if (env.data.error === "ALREADY_DECIDED" || env.data.error === "NOT_FOUND") {
      // Another operator was first: show what happened and the queue as it is now.
      toast(env.message, "error");
      setMode(null);
      await onChanged();
      return;
    }
    if (env.data.fields?.reason) setReasonError(env.data.fields.reason);
    toast(failureMessage(env, tx), "error");
  }

  function submitReject(e: Event) {
    e.preventDefault();
    const r = reason.trim();
    if (!r) {
      setReasonError(tx["validation.reasonRequired"]!);
      reasonRef.current?.focus();
      return;
    }
    setReasonError("");
    decide("reject", { reason: r });
  }

  const summary = summaryOf(queue, item, tx);
  return (
    <article aria-labelledby="detail-title">
      <div class="admin-detail-head">
        <h2 id="detail-title" tabIndex={-1} ref={headingRef}>{tx["funds.detail"]}</h2>
        <StatusBadge tx={tx} queue={queue} status={item.status} />
      </div>
      <p class="muted small mono admin-id">{item.id}</p>
      {queue === "recharges" && (
        <RechargeDetail
          item={item as RechargeItem}
          tx={tx}
          token={token}
          onExpired={onExpired}
          openImage={openImage}
        />
      )}
      {queue === "withdrawals" && <WithdrawalDetail item={item as WithdrawalItem} tx={tx} />}
      {queue === "certifications" && (
        <CertificationDetail
          item={item as CertificationItem}
          tx={tx}
          token={token}
          onExpired={onExpired}
          openImage={openImage}
        />
      )}
      {actions.length > 0 && (
        <div class="admin-actions" data-testid="decisions">
          {mode === null && (
            <div class="row">
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  class={a === "reject"
                    ? "btn btn-danger"
                    : a === "pass" || a === "complete"
                    ? "btn btn-primary"
                    : "btn btn-ghost"}
                  disabled={busy}
                  data-testid={`action-${a}`}
                  onClick={() => {
                    setReasonError("");
                    setMode(a === "reject" ? { kind: "reject" } : { kind: "confirm", action: a });
                  }}
                >
                  {tx[`admin.${a}`]}
                </button>
              ))}
            </div>
          )}
          {mode?.kind === "confirm" && (
            <div class="confirm" role="group" aria-labelledby="confirm-text">
              <p id="confirm-text">
                <strong>{tx[`admin.${mode.action}`]}</strong>
                {` · ${summary}`}
              </p>
              <div class="row">
                <button
                  type="button"
                  class="btn btn-primary"
                  disabled={busy}
                  data-testid="confirm-action"
                  onClick={() =>
                    decide(mode.action)}
                  ref={confirmRef}
                >
                  {tx["app.confirm"]}
                </button>
                <button
                  type="button"
                  class="btn btn-ghost"
                  disabled={busy}
                  onClick={() =>
                    setMode(null)}
                >
                  {tx["app.cancel"]}
                </button>
              </div>
            </div>
          )}
          {mode?.kind === "reject" && (
            <form class="form confirm" onSubmit={submitReject} noValidate data-testid="reject-form">
              <p>
                <strong>{tx["admin.reject"]}</strong>
                {` · ${summary}`}
              </p>
              <div class={reasonError ? "field has-error" : "field"}>
                <label for="reject-reason">{tx["admin.reason"]}</label>
                <textarea
                  id="reject-reason"
                  ref={reasonRef}
                  rows={3}
                  maxLength={200}
                  required
                  value={reason}
                  onInput={(e) => {
                    setReason(e.currentTarget.value);
                    if (reasonError) {
                      setReasonError("");
                    }
                  }}
                  aria-invalid={reasonError ? true : undefined}
                  aria-describedby={reasonError ? "reject-reason-error" : undefined}
                />
                {reasonError && (
                  <p class="field-error" id="reject-reason-error" role="alert">{reasonError}</p>
                )}
              </div>
              <div class="row">
                <button
                  type="submit"
                  class="btn btn-danger"
                  disabled={busy}
                  data-testid="confirm-reject"
                >
                  {tx["admin.reject"]}
                </button>
                <button
                  type="button"
                  class="btn btn-ghost"
                  disabled={busy}
                  onClick={() =>
                    setMode(null)}
                >
                  {tx["app.cancel"]}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </article>
  );
}

/** The decisions the item's status allows (the server enforces the same, once). */
function actionsFor(queue: Queue, item: QueueItem): string[] {
  if (queue === "withdrawals") {
    switch (item.status) {
      case "auditing":
        return ["pass", "freeze", "reject"];
      case "withdrawing":
        return ["complete", "freeze", "reject"];
      case "frozen":
        return ["thaw"];
      default:
        return [];
    }
  }
  return item.status === "auditing" || item.status === "authenticating" ? ["pass", "reject"] : [];
}

function summaryOf(queue: Queue, item: QueueItem, tx: Texts): string {
  if (queue === "recharges") {
    const r = item as RechargeItem;
    return `${exact(r.amount)} ${r.currency} · ${r.remitterName} · ${
      tx["admin.customer"]
    } ${r.userId}`;
  }
  if (queue === "withdrawals") {
    const w = item as WithdrawalItem;
    return `${exact(w.amount)} ${w.currency} → ${w.method.label} · ${
      tx["admin.customer"]
    } ${w.userId}`;
  }
  const c = item as CertificationItem;
  return `${tx[`certify.${c.level}`]}${c.junior ? ` · ${c.junior.name}` : ""} · ${
    tx["admin.customer"]
  } ${c.userId}`;
}

/** One label and value of a detail list. */
function Item(
  { label, children, testid }: { label: string; children: ComponentChildren; testid?: string },
) {
  return (
    <div class="admin-dl-row">
      <dt>{label}</dt>
      <dd data-testid={testid}>{children}</dd>
    </div>
  );
}

/** Who decided and when, and the reason given. */
function Decided(
  { tx, item }: {
    tx: Texts;
    item: { decidedAt: number | null; decidedBy: string | null; reason: string | null };
  },
) {
  return (
    <>
      {item.decidedBy && (
        <Item label={tx["admin.operator"]!}>
          {`${item.decidedBy} · ${formatTime(item.decidedAt)}`}
        </Item>
      )}
      {item.reason && <Item label={tx["funds.reason"]!}>{item.reason}</Item>}
    </>
  );
}

function RechargeDetail(
  { item, tx, token, onExpired, openImage }: {
    item: RechargeItem;
    tx: Texts;
    token: string;
    onExpired: (message: string) => void;
    openImage: (img: Lightbox) => void;
  },
) {
  return (
    <>
      <dl class="admin-dl">
        <Item label={tx["funds.amount"]!} testid="amount">
          <strong>{`${exact(item.amount)} ${item.currency}`}</strong>
        </Item>
        <Item label={tx["admin.customer"]!}>
          <span class="mono">{item.userId}</span>
        </Item>
        <Item label={tx["recharge.channel"]!}>{item.channelName}</Item>
        <Item label={tx["recharge.remitterName"]!}>{item.remitterName}</Item>
        <Item label={tx["recharge.remitterAccount"]!}>
          <span class="mono">{item.remitterAccount}</span>
        </Item>
        <Item label={tx["funds.time"]!}>{formatTime(item.createdAt)}</Item>
        <Decided tx={tx} item={item} />
      </dl>
      <h3 class="admin-h3">{tx["admin.evidence"]}</h3>
      <div class="admin-evidence">
        <Evidence
          id={item.voucherImageId}
          label={tx["recharge.voucher"]!}
          tx={tx}
          token={token}
          onExpired={onExpired}
          openImage={openImage}
        />
      </div>
    </>
  );
}

const DETAIL_LABELS: Record<string, string> = {
  holder: "methods.holder",
  number: "methods.number",
  bankName: "methods.bankName",
  bankAddress: "methods.bankAddress",
  branch: "methods.branch",
  swift: "methods.swift",
  type: "methods.type",
  address: "methods.address",
};
/** The details an operator copies into the payout (account numbers and addresses). */
const COPYABLE = new Set(["number", "address", "swift", "holder"]);

function WithdrawalDetail({ item, tx }: { item: WithdrawalItem; tx: Texts }) {
  const { region, ...rest } = item.method.details;
  const details = Object.entries(rest).filter(([, v]) => v !== null && v !== "");
  return (
    <>
      <dl class="admin-dl">
        <Item label={tx["funds.amount"]!} testid="amount">
          <strong>{`${exact(item.amount)} ${item.currency}`}</strong>
        </Item>
        <Item label={tx["funds.fee"]!}>{`${exact(item.fee)} ${item.currency}`}</Item>
        <Item label={tx["funds.net"]!} testid="net">
          <strong>{`${exact(item.net)} ${item.currency}`}</strong>
        </Item>
        <Item label={tx["admin.customer"]!}>
          <span class="mono">{item.userId}</span>
        </Item>
        <Item label={tx["funds.time"]!}>{formatTime(item.createdAt)}</Item>
        {item.frozenFrom && (
          <Item label={tx["funds.status.frozen"]!}>
            {`← ${statusText(tx, "withdrawals", item.frozenFrom)}`}
          </Item>
        )}
        {item.reason && <Item label={tx["funds.reason"]!}>{item.reason}</Item>}
      </dl>
      <h3 class="admin-h3">{tx["admin.payTo"]}</h3>
      <div class="admin-payto" data-testid="pay-to">
        <p class="admin-payto-kind">
          <span class="muted">
            {tx[item.method.kind === "bank" ? "methods.bankCard" : "methods.cryptoAddress"]}
          </span>{" "}
          <strong>{item.method.label}</strong>
          {region && <span class="muted">{` · ${tx[`methods.${region}`] ?? region}`}</span>}
        </p>
        <dl class="admin-dl">
          {details.map(([k, v]) => (
            <div key={k} class="admin-dl-row">
              <dt>{tx[DETAIL_LABELS[k] ?? ""] ?? k}</dt>
              <dd>
                <span class={COPYABLE.has(k) ? "mono" : undefined} data-testid={`payout-${k}`}>
                  {v}
                </span>
                {COPYABLE.has(k) && <CopyButton text={v!} label={tx[DETAIL_LABELS[k]!]!} tx={tx} />}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <h3 class="admin-h3">{tx["admin.audit"]}</h3>
      <ol class="admin-history" data-testid="history">
        {item.history.map((h, i) => (
          <li key={i}>
            <span class="nowrap muted">{formatTime(h.at)}</span>
            <strong>{tx[`funds.step.${h.action}`] ?? h.action}</strong>
            {h.by && <span class="muted">{h.by}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

function CopyButton({ text, label, tx }: { text: string; label: string; tx: Texts }) {
  return (
    <button
      type="button"
      class="btn-link admin-copy"
      aria-label={`${tx["funds.copy"]}: ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          toast(tx["funds.copied"]!);
        } catch {
          toast(tx["app.networkError"]!, "error");
        }
      }}
    >
      {tx["funds.copy"]}
    </button>
  );
}

function CertificationDetail(
  { item, tx, token, onExpired, openImage }: {
    item: CertificationItem;
    tx: Texts;
    token: string;
    onExpired: (message: string) => void;
    openImage: (img: Lightbox) => void;
  },
) {
  const photos: [string, string][] = item.advanced
    ? [
      [item.advanced.frontImageId, tx["certify.front"]!],
      [item.advanced.backImageId, tx["certify.back"]!],
      [item.advanced.handheldImageId, tx["certify.handheld"]!],
    ]
    : [];
  return (
    <>
      <dl class="admin-dl">
        <Item label={tx["admin.level"]!}>{tx[`certify.${item.level}`]}</Item>
        <Item label={tx["admin.customer"]!}>
          <span class="mono">{item.userId}</span>
        </Item>
        {item.junior && (
          <>
            <Item label={tx["certify.name"]!}>
              <strong>{item.junior.name}</strong>
            </Item>
            <Item label={tx["certify.docType"]!}>
              {tx[`certify.doc.${item.junior.docType}`] ?? item.junior.docType}
            </Item>
            <Item label={tx["certify.docNumber"]!}>
              <span class="mono">{item.junior.docNumber}</span>
            </Item>
          </>
        )}
        <Item label={tx["funds.time"]!}>{formatTime(item.createdAt)}</Item>
        <Decided tx={tx} item={item} />
      </dl>
      {photos.length > 0 && (
        <>
          <h3 class="admin-h3">{tx["admin.evidence"]}</h3>
          <div class="admin-evidence">
            {photos.map(([id, label]) => (
              <Evidence
                key={id}
                id={id}
                label={label}
                tx={tx}
                token={token}
                onExpired={onExpired}
                openImage={openImage}
              />
            ))}
          </div>
        </>
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Evidence images

/** Loaded evidence of this tab's session (data: URLs), a few at most; cleared at sign-out. */
const imageCache = new Map<string, string>();
const CACHE_MAX = 24;

function Evidence(
  { id, label, tx, token, onExpired, openImage }: {
    id: string;
    label: string;
    tx: Texts;
    token: string;
    onExpired: (message: string) => void;
    openImage: (img: Lightbox) => void;
  },
) {
  const [url, setUrl] = useState<string | null>(imageCache.get(id) ?? null);
  const [error, setError] = useState("");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (imageCache.has(id)) {
      setUrl(imageCache.get(id)!);
      return;
    }
    let live = true;
    setError("");
    loadImage(id, token).then((r) => {
      if (!live) return;
      if (r.ok) {
        imageCache.set(id, r.url);
        while (imageCache.size > CACHE_MAX) imageCache.delete(imageCache.keys().next().value!);
        setUrl(r.url);
      } else if (r.code === -99) {
        onExpired(r.message);
      } else {
        setError(failureMessage(r, tx));
      }
    });
    return () => {
      live = false;
    };
  }, [id, token, attempt]);

  return (
    <figure class="admin-figure">
      {url
        ? (
          <button
            type="button"
            class="admin-thumb"
            onClick={() => openImage({ url, label })}
            data-testid="evidence"
          >
            <img src={url} alt={label} data-testid="evidence-img" />
          </button>
        )
        : (
          <div class="admin-thumb placeholder" aria-busy={!error}>
            {error
              ? (
                <button
                  type="button"
                  class="btn btn-ghost btn-small"
                  onClick={() => setAttempt(attempt + 1)}
                >
                  {error}
                </button>
              )
              : <span class="muted small">{tx["app.loading"]}</span>}
          </div>
        )}
      <figcaption class="small muted">{label}</figcaption>
    </figure>
  );
}

/** The enlarged evidence image in a modal dialog (Esc, the button or the backdrop closes it). */
function ImageViewer(
  { tx, image, onClose }: { tx: Texts; image: Lightbox; onClose: () => void },
) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (image && !d.open) d.showModal();
    if (!image && d.open) d.close();
  }, [image]);
  return (
    <dialog
      ref={ref}
      class="admin-lightbox"
      aria-label={image?.label}
      data-testid="lightbox"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      {image && (
        <>
          <div class="admin-lightbox-bar">
            <strong>{image.label}</strong>
            <button
              type="button"
              class="btn btn-ghost btn-small"
              onClick={() => ref.current?.close()}
              autoFocus
            >
              {tx["app.back"]}
            </button>
          </div>
          <img src={image.url} alt={image.label} />
        </>
      )}
    </dialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Audit log

function AuditLog({ tx, call }: { tx: Texts; call: Call }) {
  const [items, setItems] = useState<AuditItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState("");

  async function load(append = false) {
    setLoading(true);
    const qs = new URLSearchParams({ limit: "50" });
    if (append && cursor) qs.set("cursor", cursor);
    const env = await call<Page<AuditItem>>(`/api/admin/audit?${qs}`, { method: "GET" });
    setLoading(false);
    if (env.code !== 0) {
      if (env.code !== -99) setError(failureMessage(env, tx));
      return;
    }
    setError("");
    setItems((prev) => append ? [...prev, ...env.data.items] : env.data.items);
    setCursor(env.data.cursor);
  }

  useEffect(() => {
    load();
  }, []);

  return (
    <section class="admin-queue" aria-labelledby="audit-title">
      <div class="admin-bar">
        <h2 id="audit-title">{tx["admin.audit"]}</h2>
        <div class="admin-filter">
          <button
            type="button"
            class="btn btn-ghost btn-small"
            disabled={loading}
            onClick={() => load()}
          >
            {tx["admin.refresh"]}
          </button>
        </div>
      </div>
      <div class="card admin-list" aria-busy={loading}>
        {error && <p class="admin-alert" role="alert">{error}</p>}
        {!error && !loading && items.length === 0 && (
          <p class="muted admin-empty">{tx["admin.empty"]}</p>
        )}
        {items.length > 0 && (
          <div class="table-wrap">
            <table class="table admin-table admin-audit" data-testid="audit-table">
              <thead>
                <tr>
                  <th scope="col">{tx["funds.time"]}</th>
                  <th scope="col">{tx["admin.operator"]}</th>
                  <th scope="col">{tx["admin.action"]}</th>
                  <th scope="col">{tx["admin.target"]}</th>
                  <th scope="col">{tx["funds.detail"]}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((e) => (
                  <tr key={e.id} data-action={e.action}>
                    <td class="nowrap">{formatTime(e.at)}</td>
                    <td>
                      {e.operator}
                      {e.ip && <div class="muted small mono">{e.ip}</div>}
                    </td>
                    <td>
                      <code class={`admin-action a-${e.action.split(".").pop()}`}>
                        {e.action}
                      </code>
                    </td>
                    <td class="mono small">{e.target}</td>
                    <td>
                      {(e.before !== null || e.after !== null) && (
                        <details class="admin-json">
                          <summary>{tx["funds.detail"]}</summary>
                          <pre
                            tabIndex={0}
                          >{JSON.stringify({ before: e.before, after: e.after }, null, 2)}</pre>
                        </details>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          tx={tx}
          loading={loading}
          empty={items.length === 0}
          cursor={cursor}
          onMore={() => load(true)}
        />
      </div>
    </section>
  );
}

/** "Loading" while a first page loads, then "Next page" while there is one. */
function Pager(
  { tx, loading, empty, cursor, onMore }: {
    tx: Texts;
    loading: boolean;
    empty: boolean;
    cursor: string | null;
    onMore: () => void;
  },
) {
  return (
    <>
      {loading && empty && <p class="muted admin-empty">{tx["app.loading"]}</p>}
      {cursor && (
        <div class="pager">
          <button type="button" class="btn btn-ghost btn-small" disabled={loading} onClick={onMore}>
            {tx["funds.more"]}
          </button>
        </div>
      )}
    </>
  );
}
