/**
 * The audit log: every operator action, newest first, 50 a page (`?cursor=`); on the first page
 * the chain's status (held against every signed checkpoint), the latest checkpoint with the
 * public key, and "Checkpoint now".
 */
import { DomainError } from "../../../edge/platform/errors.ts";
import type { AuditItem } from "../../../contract/operators.ts";
import type { CheckpointItem } from "../../../contract/checkpoints.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminPublish, { PUBLISH_TEXTS } from "../../../islands/AdminPublish.tsx";
import AdminNotice from "../../../islands/AdminNotice.tsx";
import { consoleDocument, sectionPage } from "./frame.tsx";
import { type Fmt, fmtOf, Pager } from "./parts.tsx";

const PAGE = 50;

/** A decision's target opens its record in its queue (`withdrawal:ID` -> the withdrawals page). */
function recordLink(target: string): string | null {
  const m = /^(recharge|withdrawal|certification):([0-9A-Za-z-]{1,64})$/.exec(target);
  return m ? `/admin/${m[1]}s?id=${m[2]}#detail` : null;
}

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
          name="AdminPublish"
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

export const auditPage = sectionPage("audit", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const cursorParam = c.req.query("cursor");
  const cursor = cursorParam && cursorParam.length <= 200 ? cursorParam : undefined;
  let error = "";
  let page: { items: AuditItem[]; cursor: string | null } = { items: [], cursor: null };
  try {
    page = await c.var.deps.operators.auditLog(c.var.tenant.id, PAGE, cursor);
  } catch (e) {
    if (!(e instanceof DomainError) || e.error !== "VALIDATION") throw e;
    error = t("errors.VALIDATION");
  }
  // the chain is walked on the first page only (the other pages are for reading further)
  const chain = cursor ? null : await c.var.deps.checkpoints.verifyAudit(c.var.tenant.id);
  const checkpoints = cursor ? null : await c.var.deps.checkpoints.list(c.var.tenant.id, 1);
  const done = c.req.query("flash") === "done";
  const day = new Date(c.var.deps.now()).toISOString().slice(0, 10);
  const monthAgo = new Date(c.var.deps.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const exportHref = (format: string) =>
    `/api/admin/audit/export?from=${monthAgo}&to=${day}&format=${format}`;
  const body = (
    <section class="admin-queue" aria-labelledby="audit-title">
      <div class="admin-bar">
        <h2 id="audit-title">{t("admin.audit")}</h2>
        <div class="admin-filter">
          <a class="btn btn-ghost btn-small" href="/admin/audit">{t("admin.refresh")}</a>
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
      {done && (
        <Island
          name="AdminNotice"
          of={AdminNotice}
          props={{ text: t("admin.checkpointDone"), ok: true }}
        />
      )}
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
                      {recordLink(e.target)
                        ? <a href={recordLink(e.target)!}>{e.target}</a>
                        : e.target}
                    </td>
                    <td>
                      {(e.before !== null || e.after !== null) && (
                        <details class="admin-json">
                          <summary>{t("funds.detail")}</summary>
                          <pre tabIndex={0}>
                            {JSON.stringify({ before: e.before, after: e.after }, null, 2)}
                          </pre>
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
          first={cursor ? "/admin/audit" : null}
          next={page.cursor ? `/admin/audit?cursor=${encodeURIComponent(page.cursor)}` : null}
        />
      </div>
    </section>
  );
  return consoleDocument(c, `${t("admin.audit")} · ${t("admin.title")}`, body, {
    session: op,
    section: "audit",
  });
});
