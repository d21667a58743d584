/**
 * The console's frame: the sections (one per review queue, the audit log, the settings), who is
 * signed in, and the guard every section page goes through (the operator's cookie session, the
 * section's role).
 */
import type { ComponentChildren } from "preact";
import { type QueueName, QUEUES } from "../../../edge/operators/queues.ts";
import type { OperatorSession } from "../../../edge/operators/service.ts";
import type { OperatorRole } from "../../../edge/operators/store.ts";
import { CUSTOMER_READERS } from "../../../edge/operators/customers.ts";
import { PROPOSAL_READERS } from "../../../edge/operators/proposal_kinds.ts";
import type { Ctx } from "../../../edge/http/context.ts";
import { type ConsoleReads, operatorOf } from "../../../edge/http/operator_auth.ts";
import { Island } from "../../../edge/render/island.tsx";
import { renderPage } from "../../../edge/render/page.tsx";
import { manifest } from "../../../edge/render/assets.ts";
import AdminLogout from "../../../islands/AdminLogout.tsx";
import AdminSupportBadge from "../../../islands/AdminSupportBadge.tsx";
import AdminQueueLive, { QUEUE_LIVE_TEXTS } from "../../../islands/AdminQueueLive.tsx";
import { allPendingCounts, countsFor } from "../../../edge/operators/queues.ts";
import { OPERATOR_COOKIE } from "../../../edge/http/operator_auth.ts";
import { requestToken } from "../../../edge/http/middleware.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import type { PageDef } from "../types.ts";

/** The console's sections in menu order (the review queues first), each with its role. */
export type Section =
  | QueueName
  | "proposals"
  | "products"
  | "customers"
  | "support"
  | "audit"
  | "reports"
  | "demo"
  | "settings"
  | "content"
  | "operators";
/** Each section opens to an operator holding any of its roles. */
export const SECTIONS: readonly { name: Section; roles: readonly OperatorRole[] }[] = [
  ...QUEUES.map((q) => ({ name: q.name, roles: [q.role] })),
  { name: "proposals", roles: PROPOSAL_READERS },
  { name: "customers", roles: CUSTOMER_READERS },
  { name: "support", roles: ["support", "admin"] },
  { name: "audit", roles: ["audit"] },
  { name: "reports", roles: ["audit", "funds"] },
  { name: "demo", roles: ["audit"] },
  // funds: withdrawal rules and recharge channels; admin: the site (tenant settings)
  { name: "settings", roles: ["funds", "admin"] },
  { name: "products", roles: ["risk", "admin", "funds"] },
  { name: "content", roles: ["content"] },
  { name: "operators", roles: ["admin"] },
];

const opens = (op: OperatorSession, roles: readonly OperatorRole[]) =>
  roles.some((r) => op.roles.includes(r));
const allowed = (op: OperatorSession) => SECTIONS.filter((s) => opens(op, s.roles));

/**
 * Where `/admin` sends a signed-in operator: the first section their roles open, else their
 * own account page (every operator has one).
 */
export function homeOf(op: OperatorSession): string {
  const first = allowed(op)[0];
  return first ? `/admin/${first.name}` : "/admin/account";
}

/**
 * The waiting work per queue, read by the guard of every console page for its header (the tab
 * counts and the badge), kept per request.
 */
const countsOf = new WeakMap<Ctx, Partial<Record<QueueName, number>>>();

/** What the header's live part needs of the page: the queue it shows and whether it is live. */
const liveOf = new WeakMap<Ctx, { queue: QueueName; refresh: boolean }>();

/** A queue page says which queue it shows, and whether its list follows new work. */
export function liveQueue(c: Ctx, queue: QueueName, refresh: boolean) {
  liveOf.set(c, { queue, refresh });
}

/**
 * The operator's session, the queues' counts and what the page reads (`reads`), read together
 * (one round trip): the counts only when the request carries the console's cookie at all.
 */
async function operatorAndCounts(c: Ctx, reads?: ConsoleReads): Promise<OperatorSession | null> {
  const counting = requestToken(c, OPERATOR_COOKIE, ["same-origin"])
    ? allPendingCounts(c.var.deps.kv, c.var.tenant.id)
    : null;
  const [op, all] = await Promise.all([operatorOf(c, reads), counting]);
  if (op && all) countsOf.set(c, countsFor(all, op.roles));
  return op;
}

/** A full console page: the stylesheet, the header with the sections, then `body`. */
export function consoleDocument(
  c: Ctx,
  title: string,
  body: ComponentChildren,
  op?: { session: OperatorSession; section: Section | "account" | null },
) {
  const t = c.var.t;
  const counts = countsOf.get(c) ?? {};
  const live = liveOf.get(c);
  const css = manifest();
  // Nothing here is for search engines, caches or other sites' frames.
  c.header("X-Robots-Tag", "noindex, nofollow");
  return renderPage(
    c,
    { title, layout: "plain" },
    <>
      {/* The console's own styles (CSP allows same-origin stylesheets, not inline styles). */}
      {css && <link rel="stylesheet" href={css.base + css.adminCss} />}
      {/* the first tab stop: past the header's sections to the section's own content */}
      {op && <a class="skip" href="#admin-content">{t("app.skipToContent")}</a>}
      <main class="admin" id="main">
        {op
          ? (
            <div class="admin-console">
              <header class="admin-top">
                <h1 class="admin-brand">{t("admin.title")}</h1>
                <nav class="admin-tabs" aria-label={t("admin.title")}>
                  {allowed(op.session).map((s) => (
                    <a
                      key={s.name}
                      href={`/admin/${s.name}`}
                      class={s.name === op.section ? "active" : undefined}
                      aria-current={s.name === op.section ? "page" : undefined}
                      data-testid={`tab-${s.name}`}
                    >
                      {t(`admin.${s.name}`)}
                      {s.name === "support" && (
                        <Island
                          of={AdminSupportBadge}
                          props={{ label: t("support.unanswered") }}
                        />
                      )}
                      {s.name in counts && (
                        <span
                          class="admin-count"
                          data-queue-count={s.name}
                          hidden={!counts[s.name as QueueName]}
                        >
                          {(counts[s.name as QueueName] ?? 0) > 999
                            ? "999+"
                            : counts[s.name as QueueName]}
                        </span>
                      )}
                    </a>
                  ))}
                </nav>
                <div class="admin-who">
                  {Object.keys(counts).length > 0 && (
                    <Island
                      of={AdminQueueLive}
                      props={{
                        initial: counts,
                        queue: live?.queue ?? null,
                        refresh: live?.refresh ?? false,
                        tx: pickTexts(t, QUEUE_LIVE_TEXTS),
                      }}
                    />
                  )}
                  <span class="muted small" data-testid="admin-who">{op.session.username}</span>
                  <a
                    href="/admin/account"
                    class={op.section === "account" ? "admin-me small active" : "admin-me small"}
                    aria-current={op.section === "account" ? "page" : undefined}
                    data-testid="my-account"
                  >
                    {t("admin.myAccount")}
                  </a>
                  <Island
                    of={AdminLogout}
                    props={{ label: t("admin.logout") }}
                  />
                </div>
              </header>
              <div id="admin-content" class="skip-target" tabIndex={-1}>{body}</div>
            </div>
          )
          : body}
      </main>
    </>,
  );
}

/**
 * A section page behind the operator guard: no session -> sign-in (coming back here after);
 * a section the operator's roles do not open -> their first section (or a notice). `reads`:
 * what the page reads of the tenant, read with the session (edge/http/operator_auth.ts).
 */
export function sectionPage(
  section: Section,
  render: (c: Ctx, op: OperatorSession) => Response | Promise<Response>,
  reads?: ConsoleReads,
): PageDef {
  const roles = SECTIONS.find((s) => s.name === section)!.roles;
  return operatorPage(
    `/admin/${section}`,
    (c, op) => opens(op, roles) ? render(c, op) : c.redirect(homeOf(op), 302),
    reads,
  );
}

/** A page every signed-in operator opens (their own account), behind the same guard. */
export function operatorPage(
  path: string,
  render: (c: Ctx, op: OperatorSession) => Response | Promise<Response>,
  reads?: ConsoleReads,
): PageDef {
  return {
    path,
    layout: "any",
    public: true,
    render: async (c) => {
      const op = await operatorAndCounts(c, reads);
      if (!op) {
        const url = new URL(c.req.url);
        return c.redirect(`/admin?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
      }
      c.set("operator", op);
      return await render(c, op);
    },
  };
}
