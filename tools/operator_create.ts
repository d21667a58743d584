/**
 * `deno task operator:create --tenant T --username U --phone +E164 --roles admin[,funds...]`:
 * the server-side bootstrap of an operator (a tenant's first admins), for whoever runs the
 * servers. No console admin is involved: the account is written with an audit entry whose actor
 * is `system`, and its one-time invitation goes by the configured SMS sender to the operator's
 * own phone (in development: the dev outbox, /dev/outbox). Nobody running this sees the code, a
 * password or a TOTP secret: the operator sets their own at `/admin/sign-in` ("I have an
 * invitation code"). Every later operator is a four-eyes proposal in the console.
 */
import { parseArgs } from "node:util";
import { Phone } from "../contract/customers.ts";
import { USERNAME } from "../edge/operators/staff.ts";
import { OPERATOR_ROLES, type OperatorRole } from "../edge/operators/store.ts";
import type { Deps } from "../edge/http/context.ts";

/** The bootstrap door (the tool below, and fixtures that need an operator made this way). */
export async function bootstrapOperator(
  deps: Pick<Deps, "operatorAccounts" | "sender">,
  tenant: string,
  o: { username: string; phone: string; roles: OperatorRole[] },
) {
  if (!USERNAME.test(o.username)) throw new Error(`username must match ${USERNAME}`);
  if (!Phone.safeParse(o.phone).success) throw new Error("phone must be E.164, e.g. +12025550123");
  const bad = o.roles.filter((r) => !OPERATOR_ROLES.includes(r));
  if (!o.roles.length || bad.length) {
    throw new Error(`roles: one or more of ${OPERATOR_ROLES.join(", ")}`);
  }
  return await deps.operatorAccounts.bootstrap(tenant, deps.sender, o);
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      tenant: { type: "string" },
      username: { type: "string" },
      phone: { type: "string" },
      roles: { type: "string" },
    },
  });
  if (!values.tenant || !values.username || !values.phone || !values.roles) {
    console.error(
      "usage: deno task operator:create --tenant T --username U --phone +E164 --roles admin[,funds,...]",
    );
    Deno.exit(2);
  }
  const { loadConfig, openKv } = await import("../edge/platform/config.ts");
  const { buildDeps } = await import("../edge/http/boot.ts");
  const config = loadConfig();
  const kv = await openKv(config.kvPath);
  const deps = await buildDeps(config, kv);
  if (!deps.tenants.byId.has(values.tenant)) {
    console.error(`unknown tenant ${values.tenant}`);
    Deno.exit(2);
  }
  try {
    const r = await bootstrapOperator(deps, values.tenant, {
      username: values.username,
      phone: values.phone,
      roles: values.roles.split(",").map((r) => r.trim()) as OperatorRole[],
    });
    console.log(
      `operator ${r.username} (${r.roles.join(", ")}) created in tenant ${values.tenant}; ` +
        (r.invitationSent
          ? `invitation sent by the ${r.via} SMS sender${
            r.via === "dev" ? " (development: see /dev/outbox)" : ""
          }`
          : "the invitation could not be sent (see the log); propose a second-factor reset"),
    );
  } catch (e) {
    console.error(e instanceof Error ? (e as { error?: string }).error ?? e.message : e);
    Deno.exit(1);
  } finally {
    kv.close();
  }
  Deno.exit(0);
}
