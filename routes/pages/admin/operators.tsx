/**
 * Operators (admins): every operator account with its roles, state and enrolment, a form to
 * propose a new one (a second admin approves; the invitation goes to the operator's phone), and
 * one operator's page (`?id=`): propose roles, enabling or a second-factor reset, disable at
 * once (as the server allows), sessions with revoke. A tenant with one enabled admin is told
 * that such proposals cannot pass until a second admin exists. My account (every operator, `/admin/account`): password change and
 * my sessions.
 */
import {
  type OperatorJson,
  type OperatorSessionJson,
  USERNAME,
} from "../../../edge/operators/staff.ts";
import type { OperatorSession } from "../../../edge/operators/service.ts";
import type { Ctx } from "../../../edge/http/context.ts";
import { OPERATOR_ROLES } from "../../../edge/operators/store.ts";
import { DomainError } from "../../../edge/platform/errors.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminOperatorCreate, {
  OPERATOR_CREATE_TEXTS,
} from "../../../islands/AdminOperatorCreate.tsx";
import AdminOperatorEdit, { OPERATOR_EDIT_TEXTS } from "../../../islands/AdminOperatorEdit.tsx";
import AdminPassword, { OPERATOR_PASSWORD_TEXTS } from "../../../islands/AdminPassword.tsx";
import AdminRevoke, { REVOKE_TEXTS } from "../../../islands/AdminRevoke.tsx";
import { consoleDocument, operatorPage, sectionPage } from "./frame.tsx";
import { AdminTable, FlashNotice, type Fmt, fmtOf, Item, roleNames } from "./parts.tsx";

const roleList = (f: Fmt) =>
  OPERATOR_ROLES.map((role) => ({ role, label: f.t(`admin.role_${role}`) }));
function StateBadge({ f, o }: { f: Fmt; o: OperatorJson }) {
  return (
    <span
      class={`admin-status ${o.disabled ? "s-rejected" : "s-authenticated"}`}
      data-testid="operator-state"
    >
      {o.disabled ? f.t("admin.disabled") : f.t("admin.active")}
    </span>
  );
}

/** An operator's sessions, each with its revoke button. */
function Sessions(
  { f, username, items, title }: {
    f: Fmt;
    username: string;
    items: OperatorSessionJson[];
    title: string;
  },
) {
  const tx = pickTexts(f.t, REVOKE_TEXTS);
  return (
    <section class="admin-part" aria-labelledby="part-sessions" data-testid="operator-sessions">
      <h3 id="part-sessions">{title} ({items.length})</h3>
      {items.length === 0 ? <p class="muted small">{f.t("admin.noSessions")}</p> : (
        <AdminTable
          head={[
            f.t("admin.signedInAt"),
            f.t("admin.expiresAt"),
            f.t("admin.ip"),
            <span key="revoke" class="sr-only">{f.t("admin.revoke")}</span>,
          ]}
        >
          {items.map((s) => (
            <tr key={s.id} data-session={s.id}>
              <td class="small lbl" data-label={f.t("admin.signedInAt")}>
                {f.time(s.createdAt)}
                {s.current && (
                  <>
                    {" "}
                    <span class="badge">{f.t("admin.thisSession")}</span>
                  </>
                )}
              </td>
              <td class="small lbl" data-label={f.t("admin.expiresAt")}>
                {f.time(s.expiresAt)}
              </td>
              <td class="small mono lbl" data-label={f.t("admin.ip")}>{s.ip ?? "—"}</td>
              <td class="small">
                <Island
                  of={AdminRevoke}
                  props={{
                    tx,
                    username,
                    id: s.id,
                    current: s.current,
                    label: `${f.t("admin.revoke")}: ${f.time(s.createdAt)}${
                      s.ip ? ` · ${s.ip}` : ""
                    }`,
                  }}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/** Enrolled, invited (the invitation open), or neither (an invitation is needed). */
const enrolment = (f: Fmt, o: OperatorJson) =>
  f.t(o.enrolled ? "admin.enrolledYes" : o.invited ? "admin.invitedYes" : "admin.enrolledNo");

/** Enabled admins (who propose and decide operator administration). */
const admins = (items: OperatorJson[]) =>
  items.filter((o) => !o.disabled && o.roles.includes("admin")).length;

/**
 * Operator administration needs a second admin to decide it: with one enabled admin the console
 * says so plainly instead of offering proposals that cannot pass.
 */
export function OneAdminNote({ f, items }: { f: Fmt; items: OperatorJson[] }) {
  return admins(items) < 2
    ? (
      <p class="notice small" role="note" data-testid="one-admin-note">
        {f.t("admin.oneAdminNote")}
      </p>
    )
    : null;
}

function Notice({ f, flash }: { f: Fmt; flash: string | undefined }) {
  const text = flash === "done" || flash === "created"
    ? f.t("admin.done")
    : flash === "proposed"
    ? f.t("admin.opProposed")
    : flash === "password"
    ? f.t("admin.passwordChanged")
    : null;
  return <FlashNotice text={text} />;
}

/** The operators (and the sessions of the one shown), read with the session. */
const operatorsReads = (c: Ctx) => {
  const svc = c.var.deps.operatorAccounts;
  const id = c.req.query("id");
  return [
    svc.allRead(c.var.tenant.id),
    ...id && USERNAME.test(id) ? [svc.sessionsRead(c.var.tenant.id, id)] : [],
  ];
};

export const operatorsPage = sectionPage("operators", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const tenant = c.var.tenant.id;
  const svc = c.var.deps.operatorAccounts;
  const { items } = await svc.list(tenant, op.username);
  const id = c.req.query("id");
  let error = "";
  let selected: OperatorJson | null = null;
  let sessions: OperatorSessionJson[] = [];
  if (id !== undefined) {
    try {
      if (!USERNAME.test(id)) throw new DomainError("NOT_FOUND");
      // from the list read with the session (`operatorsReads`), the sessions beside it
      selected = items.find((o) => o.username === id) ?? null;
      if (!selected) throw new DomainError("NOT_FOUND");
      sessions = (await svc.sessions(tenant, id, op.tokenHash)).items;
    } catch (e) {
      if (!(e instanceof DomainError) || e.error !== "NOT_FOUND") throw e;
      error = t("errors.NOT_FOUND");
    }
  }

  const list = (
    <div class="card admin-list" data-testid="operator-list">
      <AdminTable
        head={[
          t("admin.username"),
          t("admin.roles"),
          t("admin.status"),
          t("admin.enrolled"),
          t("admin.createdAt"),
          t("admin.lastLogin"),
        ]}
      >
        {items.map((o) => (
          <tr
            key={o.username}
            data-operator={o.username}
            class={o.username === selected?.username ? "selected" : undefined}
          >
            <td class="mono nowrap" data-label={t("admin.username")}>
              <a
                href={`/admin/operators?id=${encodeURIComponent(o.username)}`}
                aria-current={o.username === selected?.username ? "true" : undefined}
              >
                {o.username}
              </a>
              {o.self && <span class="muted small">{` (${t("admin.you")})`}</span>}
            </td>
            <td class="small" data-label={t("admin.roles")}>{roleNames(f, o.roles)}</td>
            <td data-label={t("admin.status")}>
              <StateBadge f={f} o={o} />
            </td>
            <td class="small lbl" data-label={t("admin.enrolled")}>
              {enrolment(f, o)}
            </td>
            <td class="small lbl" data-label={t("admin.createdAt")}>
              {f.time(o.createdAt)}
              {o.createdBy && <span class="muted">{` · ${o.createdBy}`}</span>}
            </td>
            <td class="small lbl" data-label={t("admin.lastLogin")}>{f.time(o.lastLoginAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );

  const s = selected;
  const detail = s && (
    <article class="card admin-detail" aria-labelledby="operator-title" data-testid="operator">
      <div class="admin-detail-head">
        <h2 id="operator-title" tabIndex={-1}>
          {t("admin.operator")} <span class="mono">{s.username}</span>
        </h2>
        <StateBadge f={f} o={s} />
      </div>
      <dl class="admin-dl">
        <Item label={t("admin.roles")} testid="operator-roles-now">{roleNames(f, s.roles)}</Item>
        <Item label={t("admin.enrolled")}>{enrolment(f, s)}</Item>
        <Item label={t("admin.createdAt")}>{f.time(s.createdAt)}</Item>
        {s.createdBy && <Item label={t("admin.createdBy")}>{s.createdBy}</Item>}
        <Item label={t("admin.lastLogin")}>{f.time(s.lastLoginAt)}</Item>
      </dl>
      {s.self && <p class="muted small">{t("admin.selfNote")}</p>}
      {!s.self && !s.disabled && !s.actions.includes("disable") && (
        <p class="muted small">{t("admin.lastAdminNote")}</p>
      )}
      {s.actions.length > 0 && (
        <Island
          of={AdminOperatorEdit}
          props={{
            tx: pickTexts(t, OPERATOR_EDIT_TEXTS),
            username: s.username,
            roles: roleList(f),
            current: s.roles,
            actions: s.actions,
          }}
        />
      )}
      <Sessions
        f={f}
        username={s.username}
        items={sessions}
        title={t("admin.sessionsOf", { name: s.username })}
      />
    </article>
  );

  const body = (
    <section class="admin-queue" aria-labelledby="operators-title">
      <div class="admin-bar">
        <h2 id="operators-title">{t("admin.operators")}</h2>
      </div>
      <Notice f={f} flash={c.req.query("flash")} />
      <OneAdminNote f={f} items={items} />
      {error && <p class="admin-alert" role="alert">{error}</p>}
      <div class="admin-operators">
        <div class="admin-operators-main">
          {list}
          {detail}
        </div>
        {
          // with one admin a new operator could never be approved: the note above says so
          admins(items) >= 2 && (
            <section class="card admin-detail" aria-labelledby="new-operator-title">
              <h2 id="new-operator-title" class="admin-h3">{t("admin.newOperator")}</h2>
              <p class="muted small">{t("admin.opInviteHint")}</p>
              <Island
                of={AdminOperatorCreate}
                props={{ tx: pickTexts(t, OPERATOR_CREATE_TEXTS), roles: roleList(f) }}
              />
            </section>
          )
        }
      </div>
    </section>
  );
  return consoleDocument(c, `${t("admin.operators")} · ${t("admin.title")}`, body, {
    session: op,
    section: "operators",
  });
}, operatorsReads);

export const accountPage = operatorPage("/admin/account", async (c, op: OperatorSession) => {
  const f = fmtOf(c);
  const t = f.t;
  const svc = c.var.deps.operatorAccounts;
  const [me, { items: sessions }] = await Promise.all([
    svc.get(c.var.tenant.id, op.username, op.username),
    svc.sessions(c.var.tenant.id, op.username, op.tokenHash),
  ]);
  const body = (
    <section class="admin-queue" aria-labelledby="account-title">
      <div class="admin-bar">
        <h2 id="account-title">{t("admin.myAccount")}</h2>
      </div>
      <Notice f={f} flash={c.req.query("flash")} />
      <div class="admin-operators">
        <div class="admin-operators-main">
          <article class="card admin-detail" data-testid="my-account-card">
            <dl class="admin-dl">
              <Item label={t("admin.username")}>
                <span class="mono">{me.username}</span>
              </Item>
              <Item label={t("admin.roles")} testid="my-roles">{roleNames(f, me.roles)}</Item>
              <Item label={t("admin.lastLogin")}>{f.time(me.lastLoginAt)}</Item>
            </dl>
            <Sessions f={f} username={me.username} items={sessions} title={t("admin.mySessions")} />
          </article>
        </div>
        <section class="card admin-detail" aria-labelledby="password-title">
          <h2 id="password-title" class="admin-h3">{t("admin.changePassword")}</h2>
          <p class="muted small">{t("admin.passwordHint")}</p>
          <Island
            of={AdminPassword}
            props={{ tx: pickTexts(t, OPERATOR_PASSWORD_TEXTS) }}
          />
        </section>
      </div>
    </section>
  );
  return consoleDocument(c, `${t("admin.myAccount")} · ${t("admin.title")}`, body, {
    session: op,
    section: "account",
  });
}, (c, named) => [
  c.var.deps.operatorAccounts.allRead(c.var.tenant.id),
  c.var.deps.operatorAccounts.sessionsRead(c.var.tenant.id, named),
]);
