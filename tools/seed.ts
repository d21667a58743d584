/**
 * Seed a fresh store: in the default tenant (`demo`), its house accounts and two demo customers
 * whose opening balances come in through deposit journals from the external account (never by
 * writing balances). Demo-only logins, listed in README.md. `deno task seed` runs it; `task
 * start` runs it on an empty store. Idempotent: journals use fixed idempotency keys.
 */
import { exporting } from "../edge/platform/telemetry.ts";
import { EMPTY_STANDING, type Standing, standingKeys } from "../edge/customers/standing.ts";
import { parseDecimal } from "../core-wasm/mod.ts";
import { hashPassword } from "../edge/customers/passwords.ts";
import { keys as accountKeys, type UserRecord } from "../edge/customers/store.ts";
import {
  accountId,
  type AccountRef,
  CURRENCIES,
  type Currency,
  house,
  HOUSE_ACCOUNTS,
  user,
  type Wallet,
} from "../edge/ledger/accounts.ts";
import { keys as ledgerKeys } from "../edge/ledger/store.ts";
import { idemKeys } from "../edge/ledger/idem.ts";
import type { OperatorRole } from "../edge/operators/store.ts";
import { DEMO_CHANNELS } from "../edge/funds/settings.ts";
import type { Deps } from "../edge/http/context.ts";
import { settingsKeys } from "../edge/funds/store.ts";

interface DemoCustomer {
  userId: string;
  phone: string;
  password: string;
  drawPassword: string | null;
  inviteCode: string;
  opening: [Wallet, Currency, string][];
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    userId: "10000001",
    phone: "+12025550123",
    password: "Demo-2026",
    drawPassword: "246810",
    inviteCode: "DEMO26",
    opening: [
      ["contract", "USDT", "10000"],
      ["spot", "USDT", "10000"],
      ["spot", "BTC", "0.5"],
      ["spot", "ETH", "5"],
    ],
  },
  {
    userId: "10000002",
    phone: "+12025550124",
    password: "Demo-2026",
    drawPassword: null,
    inviteCode: "DEMO27",
    opening: [["spot", "USDT", "1000"]],
  },
];

/**
 * A customer record as seeding writes one (the demo customers, the bench's customers): nobody
 * invited them, unverified, no language chosen, the password set `now`.
 */
export function seededUser(
  c: Pick<UserRecord, "userId" | "phone" | "passwordHash" | "inviteCode">,
  now: number,
  drawPasswordHash: string | null = null,
): UserRecord {
  return {
    ...c,
    drawPasswordHash,
    invitedBy: null,
    certifyLevel: "none",
    createdAt: now,
    passwordChangedAt: now,
    passwordResetAt: null,
    locale: null,
  };
}

async function createCustomer(deps: Deps, t: string, c: DemoCustomer) {
  const now = deps.now();
  const u = seededUser(
    {
      userId: c.userId,
      phone: c.phone,
      passwordHash: await hashPassword(c.password),
      inviteCode: c.inviteCode,
    },
    now,
    c.drawPassword ? await hashPassword(c.drawPassword) : null,
  );
  await deps.kv.atomic()
    .check({ key: accountKeys.phone(t, u.phone), versionstamp: null })
    .set(accountKeys.user(t, u.userId), u)
    .set(accountKeys.phone(t, u.phone), u.userId)
    .set(accountKeys.invite(t, u.inviteCode), u.userId)
    // the demo customers have read the loss figures (their tickets open at once)
    .set(
      standingKeys.standing(t, u.userId),
      {
        ...EMPTY_STANDING,
        riskAck: { fast: now, leveraged: now },
        updatedAt: now,
      } satisfies Standing,
    )
    .commit();
  // Opening balances: one deposit journal from the external account.
  const postings: { account: AccountRef; available: bigint }[] = [];
  const external = new Map<Currency, bigint>();
  for (const [wallet, currency, amount] of c.opening) {
    const v = parseDecimal(amount);
    postings.push({ account: user(c.userId, wallet, currency), available: v });
    external.set(currency, (external.get(currency) ?? 0n) + v);
  }
  for (const [currency, v] of external) {
    postings.push({ account: house("external", currency), available: -v });
  }
  const key = idemKeys.seedOpening(c.userId);
  await deps.ledger.post(t, { key, request: c.opening }, () => ({
    type: "deposit",
    ref: key,
    postings,
    result: (j) => ({ journalId: j.id }),
  }));
}

/** The demo tenant's operator (demo only, listed in README.md): password + TOTP secret. */
export const DEMO_OPERATOR = {
  username: "ops",
  password: "Ops-2026-demo",
  totpSecret: "JBSWY3DPEHPK3PXP",
  roles: ["admin", "funds", "identity", "audit", "content", "risk"] as OperatorRole[],
};

/**
 * The demo tenant's second admin (demo only, listed in README.md), so that four-eyes (a second
 * person decides) can be tried: `ops` proposes, `ops2` approves, or the reverse.
 */
export const DEMO_OPERATOR_2 = {
  username: "ops2",
  password: "Ops2-2026-demo",
  totpSecret: "GEZDGNBVGY3TQOJQ",
  roles: ["admin", "funds", "risk"] as OperatorRole[],
};

/** The demo tenant's wealth reserve: 100,000 USDT. */
const DEMO_RESERVE = 100_000n * 100_000_000n;

export async function seedIfEmpty(deps: Deps) {
  const t = deps.tenants.defaultTenant.id;
  const demo = t === "demo";
  // Each of these is a no-op on a store that has it, and none waits for another: side by side
  // (far from the store each is a round trip or two; one after another they were most of a
  // seeded store's start)
  const marker = [t, "_meta", "seeded"];
  const [operators, channels, funded, seeded] = await Promise.all([
    // The demo operator and channels exist only in the demo tenant (public demo credentials and
    // example addresses must never reach a real tenant); also on stores seeded before they existed.
    Promise.all(
      (demo ? [DEMO_OPERATOR, DEMO_OPERATOR_2] : []).map(async (o) =>
        await deps.operators.create(t, o) ? o.username : null
      ),
    ),
    // recharge channels: also on stores seeded before funds existed (only missing ones)
    Promise.all((demo ? DEMO_CHANNELS : []).map(async (ch) => {
      const key = settingsKeys.channel(t, ch.id);
      const res = await deps.kv.atomic().check({ key, versionstamp: null })
        .set(key, { ...ch, updatedAt: deps.now() }).commit();
      return res.ok;
    })),
    // the demo tenant's wealth reserve (also on stores seeded before wealth existed): a journal
    // from the external account, so the demo customers can subscribe; real tenants fund theirs
    // through operators
    demo
      ? deps.ledger.post(
        t,
        { key: idemKeys.seedReserve(), request: DEMO_RESERVE.toString() },
        () => ({
          type: "wealth",
          ref: "seed:wealth-reserve",
          postings: [
            { account: house("external", "USDT"), available: -DEMO_RESERVE },
            { account: house("yield", "USDT"), available: DEMO_RESERVE },
          ],
          result: () => null,
        }),
      )
      : null,
    deps.kv.get(marker),
  ]);
  for (const username of operators) {
    if (username) console.log(`[seed] tenant ${t}: demo operator ${username} (demo only)`);
  }
  const created = channels.filter(Boolean).length;
  if (created) console.log(`[seed] tenant ${t}: ${created} demo recharge channels`);
  if (funded && !funded.replay) {
    console.log(`[seed] tenant ${t}: wealth reserve funded (demo only)`);
  }
  if (seeded.value !== null) return false;
  // House accounts exist from the start (zero balances): one commit per account, so that no
  // commit carries more than 10 checks (self-hosted denokv's limit).
  for (const h of HOUSE_ACCOUNTS.filter((h) => h !== "mint")) {
    const op = deps.kv.atomic();
    for (const c of CURRENCIES) {
      const key = ledgerKeys.balance(t, accountId(house(h, c)));
      op.check({ key, versionstamp: null }).set(key, { available: 0n, frozen: 0n });
    }
    await op.commit();
  }
  for (const c of DEMO_CUSTOMERS) await createCustomer(deps, t, c);
  await deps.kv.set(marker, deps.now());
  // (no phone numbers in logs that telemetry exports: the README lists them)
  console.log(
    `[seed] tenant ${t}: demo customers ${
      exporting ? DEMO_CUSTOMERS.length : DEMO_CUSTOMERS.map((c) => c.phone).join(", ")
    } (demo only)`,
  );
  return true;
}

if (import.meta.main) {
  const { loadConfig, openKv } = await import("../edge/platform/config.ts");
  const { buildDeps } = await import("../edge/http/boot.ts");
  const config = loadConfig();
  const kv = await openKv(config.kvPath, config.kvSim);
  const seeded = await seedIfEmpty(await buildDeps(config, kv));
  console.log(seeded ? "seeded" : "already seeded");
  kv.close();
}
