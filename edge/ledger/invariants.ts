/**
 * The ledger's invariant checker, per book (live, demo): every journal stays in one book and
 * sums to zero per currency, every stored balance equals the sum of its journals' postings, no
 * customer balance is negative, every frozen balance equals what the account's open
 * reservations still hold (and each reservation's figures add up), each idempotency key belongs
 * to exactly one journal, and each customer posting has its fund-flow line.
 * `deno task ledger:verify` runs it on the configured store; tests run it on theirs.
 */
import { type Book, bookOf, BOOKS, currencyOf, isCustomer, parseAccountId } from "./accounts.ts";
import { remaining, type Reservation } from "./reservations.ts";
import { type Balance, type IdemRecord, type Journal, keys } from "./store.ts";

export interface LedgerReport {
  tenants: string[];
  journals: number;
  accounts: number;
  /** per book: journals, accounts, open reservations */
  books: Record<Book, { journals: number; accounts: number; openReservations: number }>;
  breaches: string[];
}

const fmt = (v: bigint) => v.toString();

/** What the scan of the store collected, and the breaches found so far. */
interface Scan {
  breaches: string[];
  tenants: Set<string>;
  /** "tenant|account" */
  stored: Map<string, Balance>;
  computed: Map<string, Balance>;
  /** "tenant|key" */
  idemToJournals: Map<string, string[]>;
  idemRecords: Map<string, IdemRecord>;
  /** the keys of the fund-flow lines */
  lines: Set<string>;
  /** "tenant|journal" */
  journalIds: Set<string>;
  /** tenant, record */
  reservations: [string, Reservation][];
  journals: number;
  books: LedgerReport["books"];
}

/** Check the whole store, or only the given tenants. */
export async function verifyLedger(kv: Deno.Kv, only?: string[]): Promise<LedgerReport> {
  const scan: Scan = {
    breaches: [],
    tenants: new Set(),
    stored: new Map(),
    computed: new Map(),
    idemToJournals: new Map(),
    idemRecords: new Map(),
    lines: new Set(),
    journalIds: new Set(),
    reservations: [],
    journals: 0,
    books: Object.fromEntries(
      BOOKS.map((b) => [b, { journals: 0, accounts: 0, openReservations: 0 }]),
    ) as LedgerReport["books"],
  };
  for await (const e of kv.list<unknown>({ prefix: [] })) {
    const [t, cap, kind] = e.key as [string, string, string];
    if (cap !== "ledger" || (only && !only.includes(t))) continue;
    scan.tenants.add(t);
    if (kind === "bal") {
      scan.stored.set(`${t}|${String(e.key[3])}`, e.value as Balance);
    } else if (kind === "idem") {
      scan.idemRecords.set(`${t}|${String(e.key[3])}`, e.value as IdemRecord);
    } else if (kind === "res") {
      scan.reservations.push([t, e.value as Reservation]);
    } else if (kind === "line") {
      scan.lines.add(JSON.stringify(e.key));
    } else if (kind === "journal") {
      addJournal(scan, t, e.value as Journal);
    }
  }
  checkIdempotency(scan);
  const accounts = checkBalances(scan, reservedByAccount(scan));
  await checkLines(kv, only, scan);
  return {
    tenants: [...scan.tenants].sort(),
    journals: scan.journals,
    accounts: accounts.size,
    books: scan.books,
    breaches: scan.breaches,
  };
}

/** One journal: in one book, summing to zero per currency; its postings added to the balances. */
function addJournal(scan: Scan, t: string, j: Journal) {
  scan.journals++;
  scan.journalIds.add(`${t}|${j.id}`);
  const sums = new Map<string, bigint>();
  const book = j.book ?? "live";
  scan.books[book].journals++;
  for (const p of j.postings) {
    let currency: string;
    try {
      currency = currencyOf(p.account);
      if (bookOf(p.account) !== book) {
        scan.breaches.push(`${t} journal ${j.id} (${book} book) posts to ${p.account}`);
      }
    } catch {
      scan.breaches.push(`${t} journal ${j.id}: unknown account ${p.account}`);
      continue;
    }
    sums.set(currency, (sums.get(currency) ?? 0n) + p.available + p.frozen);
    const k = `${t}|${p.account}`;
    const b = scan.computed.get(k) ?? { available: 0n, frozen: 0n };
    scan.computed.set(k, { available: b.available + p.available, frozen: b.frozen + p.frozen });
  }
  for (const [c, s] of sums) {
    if (s !== 0n) {
      scan.breaches.push(
        `${t} journal ${j.id} (${j.type}) does not sum to zero in ${c}: ${fmt(s)}`,
      );
    }
  }
  const ik = `${t}|${j.idemKey}`;
  scan.idemToJournals.set(ik, [...(scan.idemToJournals.get(ik) ?? []), j.id]);
}

/** Each idempotency key belongs to one journal, and each record points to a stored one. */
function checkIdempotency(scan: Scan) {
  for (const [k, ids] of scan.idemToJournals) {
    if (ids.length > 1) {
      scan.breaches.push(`idempotency key ${k} used by ${ids.length} journals: ${ids.join(", ")}`);
    }
  }
  for (const [k, rec] of scan.idemRecords) {
    const t = k.split("|")[0]!;
    if (!scan.journalIds.has(`${t}|${rec.journalId}`)) {
      scan.breaches.push(`idempotency record ${k} points to a missing journal ${rec.journalId}`);
    }
  }
}

/** What the open reservations hold, per account; each reservation's own figures add up. */
function reservedByAccount(scan: Scan): Map<string, bigint> {
  const reserved = new Map<string, bigint>(); // "tenant|account"
  for (const [t, r] of scan.reservations) {
    const left = remaining(r);
    const k = `${t}|${r.account}`;
    if (r.posted < 0n || r.released < 0n || left < 0n || r.amount <= 0n) {
      scan.breaches.push(
        `${t} reservation ${r.id}: amount ${r.amount} posted ${r.posted} released ${
          fmt(r.released)
        }`,
      );
    }
    if ((r.state === "open") !== (left > 0n)) {
      scan.breaches.push(`${t} reservation ${r.id} is ${r.state} with ${fmt(left)} left`);
    }
    if (!isCustomer(r.account)) scan.breaches.push(`${t} reservation ${r.id} on ${r.account}`);
    if (r.state === "open") {
      reserved.set(k, (reserved.get(k) ?? 0n) + left);
      scan.books[bookOf(r.account)].openReservations++;
    }
  }
  return reserved;
}

/**
 * Every account: stored = the sum of its journals, no customer balance negative, frozen = what
 * its open reservations hold. Returns the accounts seen.
 */
function checkBalances(scan: Scan, reserved: Map<string, bigint>): Set<string> {
  const accounts = new Set([...scan.stored.keys(), ...scan.computed.keys(), ...reserved.keys()]);
  for (const k of accounts) {
    const s = scan.stored.get(k) ?? { available: 0n, frozen: 0n };
    const c = scan.computed.get(k) ?? { available: 0n, frozen: 0n };
    if (s.available !== c.available || s.frozen !== c.frozen) {
      scan.breaches.push(
        `${k}: stored ${fmt(s.available)}/${fmt(s.frozen)} != journals ${fmt(c.available)}/${
          fmt(c.frozen)
        }`,
      );
    }
    const account = k.slice(k.indexOf("|") + 1);
    if (isCustomer(account) && (s.available < 0n || s.frozen < 0n)) {
      scan.breaches.push(`${k}: negative customer balance ${fmt(s.available)}/${fmt(s.frozen)}`);
    }
    const held = reserved.get(k) ?? 0n;
    if (s.frozen !== held) {
      scan.breaches.push(`${k}: frozen ${fmt(s.frozen)} != open reservations ${fmt(held)}`);
    }
    try {
      scan.books[bookOf(account)].accounts++;
    } catch {
      scan.breaches.push(`${k}: not an account id`);
    }
  }
  return accounts;
}

/** Every customer posting has its fund-flow line. */
async function checkLines(kv: Deno.Kv, only: string[] | undefined, scan: Scan) {
  for await (const e of kv.list<Journal>({ prefix: [] })) {
    const [t, cap, kind] = e.key as [string, string, string];
    if (cap !== "ledger" || kind !== "journal" || (only && !only.includes(t))) continue;
    e.value.postings.forEach((p, n) => {
      if (!isCustomer(p.account)) return;
      const ref = parseAccountId(p.account);
      const line = "user" in ref ? keys.line(t, ref.book, ref.user, e.value.id, n) : null;
      if (line && !scan.lines.has(JSON.stringify(line))) {
        scan.breaches.push(`${t} journal ${e.value.id}: no fund-flow line for ${p.account}`);
      }
    });
  }
}

export function formatReport(r: LedgerReport): string {
  const head = `ledger: ${r.tenants.length} tenant(s) [${
    r.tenants.join(", ")
  }], ${r.journals} journals, ${r.accounts} accounts; ${
    BOOKS.map((b) =>
      `${b}: ${r.books[b].journals} journals, ${r.books[b].accounts} accounts, ${
        r.books[b].openReservations
      } open reservations`
    ).join("; ")
  }`;
  if (r.breaches.length === 0) return `${head}\nOK: every invariant holds`;
  return `${head}\n${r.breaches.length} BREACH(ES):\n${
    r.breaches.map((b) => `  - ${b}`).join("\n")
  }`;
}
