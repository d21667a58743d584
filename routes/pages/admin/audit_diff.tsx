/**
 * An audit entry's before/after as a diff an auditor reads at a glance: one row per field that
 * changed (nested fields by their dotted path), the old value struck through, the new one
 * marked; fields that stayed the same are not shown. A refusal (nothing before, why it was
 * refused after) reads the same way. And the entry's target as a link to its record.
 */
import type { Json } from "../../../contract/operators.ts";
import type { T } from "../../../edge/platform/locale.ts";

/** The most rows one entry shows (a large record's change stays readable). */
const MAX_ROWS = 40;

export interface DiffRow {
  path: string;
  before: string | null;
  after: string | null;
}

const isObject = (v: Json | undefined): v is { [k: string]: Json } =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const show = (v: Json | undefined): string | null =>
  v === undefined ? null : typeof v === "string" ? v : JSON.stringify(v);

/** The changed fields of `before` -> `after`, depth first, at most MAX_ROWS. */
export function auditDiff(before: Json, after: Json): DiffRow[] {
  const rows: DiffRow[] = [];
  const walk = (path: string, a: Json | undefined, b: Json | undefined) => {
    if (rows.length >= MAX_ROWS) return;
    if (isObject(a) || isObject(b)) {
      const x = isObject(a) ? a : {};
      const y = isObject(b) ? b : {};
      // a scalar on one side: the whole value changed kind
      if (
        (a !== undefined && a !== null && !isObject(a)) ||
        (b !== undefined && b !== null && !isObject(b))
      ) {
        rows.push({ path: path || "·", before: show(a), after: show(b) });
        return;
      }
      for (const k of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) {
        walk(path ? `${path}.${k}` : k, x[k], y[k]);
      }
      return;
    }
    const sa = show(a), sb = show(b);
    if (sa !== sb) rows.push({ path: path || "·", before: sa, after: sb });
  };
  walk("", before ?? undefined, after ?? undefined);
  return rows;
}

/** The diff of one entry as a small table (nothing when nothing changed). */
export function AuditDiff({ t, before, after }: { t: T; before: Json; after: Json }) {
  const rows = auditDiff(before, after);
  if (!rows.length) return null;
  return (
    <table class="admin-diff" data-testid="audit-diff">
      <thead>
        <tr>
          <th scope="col">{t("admin.diffField")}</th>
          <th scope="col">{t("admin.diffBefore")}</th>
          <th scope="col">{t("admin.diffAfter")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.path}>
            <th scope="row" class="mono">{r.path}</th>
            <td>{r.before !== null && <del>{r.before}</del>}</td>
            <td>{r.after !== null && <ins>{r.after}</ins>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A target opens its record: a queue's record, a proposal, a customer, an operator. */
export function targetLink(target: string): string | null {
  const m = /^([a-zA-Z]+):([0-9A-Za-z_.-]{1,64})$/.exec(target);
  if (!m) return null;
  const [, kind, id] = m;
  switch (kind) {
    case "recharge":
    case "withdrawal":
    case "certification":
      return `/admin/${kind}s?id=${id}#detail`;
    case "proposal":
      return `/admin/proposals?id=${id}#detail`;
    case "customer":
    case "user":
      return `/admin/customers?id=${id}`;
    case "operator":
      return `/admin/operators?id=${id}`;
    default:
      return null;
  }
}
