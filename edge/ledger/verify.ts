/**
 * The ledger's invariant checker: every journal sums to zero per currency, every stored balance
 * equals the sum of its journals' postings, no customer balance is negative, each idempotency
 * key belongs to exactly one journal, and each customer posting has its fund-flow line.
 * `deno task ledger:verify` runs it on the configured store; tests run it on theirs.
 */
import { currencyOf, isCustomer, parseAccountId } from "./accounts.ts";
import type { Balance, IdemRecord, Journal, Line } from "./store.ts";

export interface LedgerReport {
  tenants: string[];
  journals: number;
  accounts: number;
  breaches: string[];
}

const fmt = (v: bigint) => v.toString();

/** Check the whole store, or only the given tenants. */
export async function verifyLedger(kv: Deno.Kv, only?: string[]): Promise<LedgerReport> {
  const breaches: string[] = [];
  const tenants = new Set<string>();
  const stored = new Map<string, Balance>(); // "tenant|account"
  const computed = new Map<string, Balance>();
  const idemToJournals = new Map<string, string[]>(); // "tenant|key"
  const idemRecords = new Map<string, IdemRecord>();
  const lines = new Set<string>(); // "tenant|user|journal|n"
  const journalIds = new Set<string>();
  let journals = 0;

  for await (const e of kv.list<unknown>({ prefix: [] })) {
    const [t, cap, kind] = e.key as [string, string, string];
    if (cap !== "ledger" || (only && !only.includes(t))) continue;
    tenants.add(t);
    if (kind === "bal") {
      stored.set(`${t}|${String(e.key[3])}`, e.value as Balance);
    } else if (kind === "idem") {
      idemRecords.set(`${t}|${String(e.key[3])}`, e.value as IdemRecord);
    } else if (kind === "line") {
      const l = e.value as Line;
      lines.add(`${t}|${String(e.key[3])}|${l.journalId}|${String(e.key[5])}`);
    } else if (kind === "journal") {
      journals++;
      const j = e.value as Journal;
      journalIds.add(`${t}|${j.id}`);
      const sums = new Map<string, bigint>();
      for (const p of j.postings) {
        let currency: string;
        try {
          currency = currencyOf(p.account);
        } catch {
          breaches.push(`${t} journal ${j.id}: unknown account ${p.account}`);
          continue;
        }
        sums.set(currency, (sums.get(currency) ?? 0n) + p.available + p.frozen);
        const k = `${t}|${p.account}`;
        const b = computed.get(k) ?? { available: 0n, frozen: 0n };
        computed.set(k, { available: b.available + p.available, frozen: b.frozen + p.frozen });
      }
      for (const [c, s] of sums) {
        if (s !== 0n) {
          breaches.push(`${t} journal ${j.id} (${j.type}) does not sum to zero in ${c}: ${fmt(s)}`);
        }
      }
      const ik = `${t}|${j.idemKey}`;
      idemToJournals.set(ik, [...(idemToJournals.get(ik) ?? []), j.id]);
    }
  }

  for (const [k, ids] of idemToJournals) {
    if (ids.length > 1) {
      breaches.push(`idempotency key ${k} used by ${ids.length} journals: ${ids.join(", ")}`);
    }
  }
  for (const [k, rec] of idemRecords) {
    const t = k.split("|")[0]!;
    if (!journalIds.has(`${t}|${rec.journalId}`)) {
      breaches.push(`idempotency record ${k} points to a missing journal ${rec.journalId}`);
    }
  }
  const accounts = new Set([...stored.keys(), ...computed.keys()]);
  for (const k of accounts) {
    const s = stored.get(k) ?? { available: 0n, frozen: 0n };
    const c = computed.get(k) ?? { available: 0n, frozen: 0n };
    if (s.available !== c.available || s.frozen !== c.frozen) {
      breaches.push(
        `${k}: stored ${fmt(s.available)}/${fmt(s.frozen)} != journals ${fmt(c.available)}/${
          fmt(c.frozen)
        }`,
      );
    }
    const account = k.split("|")[1]!;
    if (isCustomer(account) && (s.available < 0n || s.frozen < 0n)) {
      breaches.push(`${k}: negative customer balance ${fmt(s.available)}/${fmt(s.frozen)}`);
    }
  }
  // every customer posting has its fund-flow line
  for await (const e of kv.list<Journal>({ prefix: [] })) {
    const [t, cap, kind] = e.key as [string, string, string];
    if (cap !== "ledger" || kind !== "journal" || (only && !only.includes(t))) continue;
    e.value.postings.forEach((p, n) => {
      if (!isCustomer(p.account)) return;
      const ref = parseAccountId(p.account);
      if ("user" in ref && !lines.has(`${t}|${ref.user}|${e.value.id}|${n}`)) {
        breaches.push(`${t} journal ${e.value.id}: no fund-flow line for ${p.account}`);
      }
    });
  }
  return { tenants: [...tenants].sort(), journals, accounts: accounts.size, breaches };
}

export function formatReport(r: LedgerReport): string {
  const head = `ledger: ${r.tenants.length} tenant(s) [${
    r.tenants.join(", ")
  }], ${r.journals} journals, ${r.accounts} accounts`;
  if (r.breaches.length === 0) return `${head}\nOK: every invariant holds`;
  return `${head}\n${r.breaches.length} BREACH(ES):\n${
    r.breaches.map((b) => `  - ${b}`).join("\n")
  }`;
}
