/**
 * The audit log: every operator action, newest first, 50 a page (`?cursor=`), narrowed by
 * operator, action (refused attempts: `refused`) and UTC days (`?operator=&action=&from=&to=`,
 * the export follows the days); each entry's change as a diff, its target linked to its record.
 * On the first unfiltered page the chain's status (held against every signed checkpoint), the latest checkpoint with the
 * public key, and "Checkpoint now".
 */
import { DomainError } from "../../../edge/platform/errors.ts";
import type { AuditItem } from "../../../contract/operators.ts";
import type { CheckpointItem } from "../../../contract/checkpoints.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminPublish, { PUBLISH_TEXTS } from "../../../islands/AdminPublish.tsx";
import { consoleDocument, sectionPage } from "./frame.tsx";
import type { Ctx } from "../../../edge/http/context.ts";
import type { PrivateRead } from "../../../edge/platform/kv_round_trips.ts";
import { auditLogRead } from "../../../edge/operators/audit_reads.ts";
import { FlashNotice, type Fmt, fmtOf, Pager } from "./parts.tsx";
import { AuditDiff, targetLink } from "./audit_diff.tsx";
import { dayStart } from "../../../edge/operators/reports.ts";

const PAGE = 50;

/** Action families the filter offers (any other action can be typed). */
const ACTION_FAMILIES = [
  "refused",
  "proposal",
  "recharge",
  "withdrawal",
  "certification",
  "queue",
  "customer",
  "operator",
  "settings",
  "withdrawSettings",
  "content",
] as const;

/** Why a chain fails against a checkpoint, in words (the link reasons speak for themselves). */
const WHY = {
  checkpoint: "admin.chainCheckpoint",
  truncated: "admin.chainTruncated",
  signature: "admin.chainSignature",
} as const;

/** The latest signed checkpoint, the key that verifies it, and the request button. */
function Checkpoints(
  { f, latest, publicKey }: { f: Fmt; latest: CheckpointItem | null; publicKey: string },
) {
  const t = f.t;
  return (
    <div class="admin-checkpoint" data-testid="audit-checkpoint">
      <div class="admin-checkpoint-text">
        <p>
          {latest
            ? t("admin.checkpointLatest", {
              time: f.time(latest.time),
              seq: latest.audit.seq,
              tapes: Object.keys(latest.tapes).length,
            })
            : t("admin.checkpointNone")}
          {latest?.liabilities &&
            ` · ${t("admin.checkpointLiabilities", { epoch: latest.liabilities.epoch })}`}
        </p>
        <p class="muted small">
          {t("admin.checkpointKey")}: <code class="mono admin-key">{publicKey}</code>
        </p>
      </div>
      <div class="admin-filter">
        <Island
          of={AdminPublish}
          props={{ what: "checkpoint", tx: pickTexts(t, PUBLISH_TEXTS) }}
        />
        <a class="btn btn-ghost btn-small" href="/api/checkpoints">
          {t("admin.checkpointPublic")}
        </a>
      </div>
    </div>
  );
}

/** The filter from the page's query: what does not fit is left out (the form shows it empty). */
function filterOf(q: Record<string, string>) {
  const day = (v: string | undefined) => v && dayStart(v) !== null ? v : "";
  return {
    operator: (q.operator ?? "").slice(0, 64),
    action: /^[\w.-]{1,64}$/.test(q.action ?? "") ? q.action! : "",
    from: day(q.from),
    to: day(q.to),
  };
}

/**
 * What the page reads, with the operator's session: the page of the log and, on the first page,
 * the chain's verification and the newest checkpoint.
 */
async function auditReads(c: Ctx): Promise<PrivateRead[]> {
  const { checkpoints } = c.var.deps;
  const t = c.var.tenant.id;
  const filter = filterOf(c.req.query());
  if (c.req.query("cursor")) return [];
  const log = auditLogRead(t, PAGE, filter);
  if (Object.values(filter).some((v) => v)) return [log];
  return [log, checkpoints.listRead(t, 1), ...await checkpoints.verifyReads(t)];
}

export const auditPage = sectionPage("audit", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const cursorParam = c.req.query("cursor");
  const cursor = cursorParam && cursorParam.length <= 200 ? cursorParam : undefined;
  const filter = filterOf(c.req.query());
  const filtered = Object.values(filter).some((v) => v);
  let error = "";
  let page: { items: AuditItem[]; cursor: string | null } = { items: [], cursor: null };
  try {
    page = await c.var.deps.operators.auditLog(c.var.tenant.id, PAGE, cursor, filter);
  } catch (e) {
    if (!(e instanceof DomainError) || e.error !== "VALIDATION") throw e;
    error = t("errors.VALIDATION");
  }
  // the chain is walked on the first page only (the other pages are for reading further)
  const first = !cursor && !filtered;
  const chain = first ? await c.var.deps.checkpoints.verifyAudit(c.var.tenant.id) : null;
  const checkpoints = first ? await c.var.deps.checkpoints.list(c.var.tenant.id, 1) : null;
  const done = c.req.query("flash") === "done";
  const day = new Date(c.var.deps.now()).toISOString().slice(0, 10);
  const monthAgo = new Date(c.var.deps.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  // the export covers the filter's days (the last 30 without one)
  const exportHref = (format: string) =>
    `/api/admin/audit/export?from=${filter.from || monthAgo}&to=${
      filter.to || day
    }&format=${format}`;
  const withFilter = (extra: Record<string, string>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filter, ...extra })) if (v) q.set(k, v);
    const s = q.toString();
    return `/admin/audit${s ? `?${s}` : ""}`;
  };
  const body = (
    <section class="admin-queue" aria-labelledby="audit-title">
      <div class="admin-bar">
        <h2 id="audit-title">{t("admin.audit")}</h2>
        <div class="admin-filter">
          <a class="btn btn-ghost btn-small" href={withFilter({})}>{t("admin.refresh")}</a>
          <a
            class="btn btn-ghost btn-small"
            href={exportHref("csv")}
            download
            data-testid="audit-csv"
          >
            {t("admin.exportCsv")}
          </a>
          <a class="btn btn-ghost btn-small" href={exportHref("jsonl")} download>
            {t("admin.exportJsonl")}
          </a>
        </div>
      </div>
      <form
        class="admin-filter admin-audit-filter"
        method="get"
        action="/admin/audit"
        data-testid="audit-filter"
      >
        <label>
          {t("admin.operator")}{" "}
          <input type="text" name="operator" value={filter.operator} maxLength={64} />
        </label>
        <label>
          {t("admin.action")}{" "}
          <input
            type="text"
            name="action"
            value={filter.action}
            list="audit-actions"
            maxLength={64}
            pattern="[A-Za-z0-9_.\-]+"
          />
        </label>
        <datalist id="audit-actions">
          {ACTION_FAMILIES.map((a) => <option key={a} value={a} />)}
        </datalist>
        <label>
          {t("admin.reportFrom")} <input type="date" name="from" value={filter.from} />
        </label>
        <label>
          {t("admin.reportTo")} <input type="date" name="to" value={filter.to} />
        </label>
        <button class="btn btn-small" type="submit">{t("admin.filter")}</button>
        {filtered && (
          <a class="btn btn-ghost btn-small" href="/admin/audit">{t("admin.filterClear")}</a>
        )}
      </form>
      <FlashNotice text={done && t("admin.checkpointDone")} />
      {chain && (
        <p
          class={chain.ok ? "admin-chain ok" : "admin-alert admin-chain"}
          role={chain.ok ? "status" : "alert"}
          data-testid="audit-chain"
        >
          {chain.ok ? t("admin.chainOk", { seq: chain.verifiedTo }) : t("admin.chainBroken", {
            seq: chain.broken!.seq,
            verified: chain.verifiedTo,
            reason: chain.broken!.reason,
          })}
          {chain.ok && chain.checkpoints > 0 &&
            ` · ${t("admin.chainCheckpoints", { n: chain.checkpoints })}`}
          {!chain.ok && chain.broken!.reason in WHY && (
            <>
              <br />
              {t(WHY[chain.broken!.reason as keyof typeof WHY], {
                id: chain.broken!.checkpoint ?? "",
              })}
            </>
          )}
        </p>
      )}
      {checkpoints && (
        <Checkpoints
          f={f}
          latest={checkpoints.items[0] ?? null}
          publicKey={checkpoints.publicKey}
        />
      )}
      <div class="card admin-list">
        {error && <p class="admin-alert" role="alert">{error}</p>}
        {!error && page.items.length === 0 && <p class="muted admin-empty">{t("admin.empty")}</p>}
        {page.items.length > 0 && (
          <div class="table-wrap">
            <table class="table admin-table admin-audit" data-testid="audit-table">
              <thead>
                <tr>
                  <th scope="col">{t("funds.time")}</th>
                  <th scope="col">{t("admin.operator")}</th>
                  <th scope="col">{t("admin.action")}</th>
                  <th scope="col">{t("admin.target")}</th>
                  <th scope="col">{t("funds.detail")}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((e) => (
                  <tr key={e.id} data-action={e.action}>
                    <td class="nowrap">{f.time(e.at)}</td>
                    <td>
                      {e.operator}
                      {e.ip && <div class="muted small mono">{e.ip}</div>}
                    </td>
                    <td>
                      <code class={`admin-action a-${e.action.split(".").pop()}`}>{e.action}</code>
                    </td>
                    <td class="mono small">
                      {targetLink(e.target)
                        ? <a href={targetLink(e.target)!}>{e.target}</a>
                        : e.target}
                    </td>
                    <td>
                      {(e.before !== null || e.after !== null) && (
                        <details class="admin-json">
                          <summary>{t("admin.diffShow")}</summary>
                          <AuditDiff t={t} before={e.before} after={e.after} />
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
          t={t}
          at={cursor}
          next={page.cursor}
          link={(cursor) => withFilter(cursor ? { cursor } : {})}
        />
      </div>
    </section>
  );
  return consoleDocument(c, `${t("admin.audit")} · ${t("admin.title")}`, body, {
    session: op,
    section: "audit",
  });
}, auditReads);
