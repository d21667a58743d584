/**
 * Four-eyes proposals: an operator proposes a change that affects money, with its exact payload
 * hashed; a different operator with the role approves (the change is made in the approving
 * commit) or rejects it. The proposer can never approve or reject their own; a proposal is
 * decided once; stale ones expire. Every step is audited in its own commit.
 *
 * Kinds so far: `wealth.reserve` (fund the tenant's wealth yield reserve from the external
 * account, by a ledger journal).
 */
import { formatDecimal, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import { sha256Hex } from "../accounts/passwords.ts";
import { house } from "../ledger/accounts.ts";
import { journalId, type Ledger } from "../ledger/service.ts";
import { DomainError } from "../platform/errors.ts";
import { listPage } from "../platform/kvpage.ts";
import { type Actor, audited, auditInto, readAuditHead } from "./audit.ts";
import type { Json } from "./store.ts";

export const PROPOSAL_TTL_MS = 7 * 24 * 3600_000;
/** The most one reserve funding may move (10^8 USDT). */
const MAX_FUNDING = 100_000_000n * SCALE;

export type ProposalStatus = "pending" | "approved" | "rejected";

export interface Proposal {
  id: string;
  kind: "wealth.reserve";
  payload: { amount: string; currency: "USDT"; reason: string };
  /** sha-256 of the canonical payload: what the approver approves */
  payloadHash: string;
  proposer: string;
  status: ProposalStatus;
  createdAt: number;
  expiresAt: number;
  decidedBy: string | null;
  decidedAt: number | null;
  reason: string | null;
  journalId: string | null;
}

export const proposalKeys = {
  proposal: (t: string, id: string) => [t, "operators", "proposal", id],
  proposals: (t: string) => [t, "operators", "proposal"],
};

const hashOf = (p: Proposal["payload"]) =>
  sha256Hex(JSON.stringify([p.amount, p.currency, p.reason]));

export function proposalJson(p: Proposal, now: number) {
  return { ...p, expired: p.status === "pending" && now > p.expiresAt };
}

export class Proposals {
  constructor(private kv: Deno.Kv, private ledger: Ledger, private now: () => number) {}

  /** Propose funding the wealth reserve with `amount` USDT. */
  async proposeReserve(t: string, by: Actor, amountText: string, reason: string) {
    let amount: bigint;
    try {
      amount = parseDecimal(amountText.trim(), { maxDecimals: 2 });
    } catch {
      throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
    }
    if (amount <= 0n || amount > MAX_FUNDING) {
      throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
    }
    const at = this.now();
    const id = journalId(at);
    const payload = { amount: formatDecimal(amount), currency: "USDT" as const, reason };
    const p: Proposal = {
      id,
      kind: "wealth.reserve",
      payload,
      payloadHash: await hashOf(payload),
      proposer: by.operator,
      status: "pending",
      createdAt: at,
      expiresAt: at + PROPOSAL_TTL_MS,
      decidedBy: null,
      decidedAt: null,
      reason: null,
      journalId: null,
    };
    return await audited<Proposal, Proposal>(
      this.kv,
      t,
      by,
      at,
      proposalKeys.proposal(t, id),
      () => ({
        value: p,
        action: "proposal.create",
        target: `proposal:${id}`,
        before: null,
        after: p as unknown as Json,
        result: p,
      }),
    );
  }

  async list(t: string, status: ProposalStatus | undefined, limit: number, cursor?: string) {
    const iter = listPage<Proposal>(this.kv, { prefix: proposalKeys.proposals(t) }, {
      reverse: true,
      limit,
      cursor,
    });
    const items = [];
    const now = this.now();
    for await (const e of iter) {
      if (!status || e.value.status === status) items.push(proposalJson(e.value, now));
    }
    return { items, cursor: items.length === limit ? iter.cursor : null };
  }

  /** Approve: a different operator, the payload as proposed, the journal in the same commit. */
  async approve(t: string, by: Actor, id: string) {
    const posted = await this.ledger.post(
      t,
      { key: `op:proposal:${id}`, request: { id, operator: by.operator } },
      async () => {
        const entry = await this.kv.get<Proposal>(proposalKeys.proposal(t, id));
        const p = await this.decidable(entry.value, by);
        const amount = parseDecimal(p.payload.amount);
        const head = await readAuditHead(this.kv, t);
        const at = this.now();
        return {
          type: "wealth",
          ref: `proposal:${id}`,
          postings: [
            { account: house("external", "USDT"), available: -amount },
            { account: house("yield", "USDT"), available: amount },
          ],
          checks: [entry],
          write: (op, journal) => {
            const next: Proposal = {
              ...p,
              status: "approved",
              decidedBy: by.operator,
              decidedAt: at,
              journalId: journal.id,
            };
            op.set(entry.key, next);
            auditInto(op, t, head, {
              at,
              operator: by.operator,
              action: "proposal.approve",
              target: `proposal:${id}`,
              before: p as unknown as Json,
              after: next as unknown as Json,
              ip: by.ip,
            });
          },
          result: () => id,
        };
      },
    ).catch((e) => {
      // another operator's decision used this proposal's key first
      if (e instanceof DomainError && e.error === "IDEMPOTENCY_CONFLICT") {
        throw new DomainError("ALREADY_DECIDED");
      }
      throw e;
    });
    const p = (await this.kv.get<Proposal>(proposalKeys.proposal(t, posted.result as string)))
      .value!;
    return proposalJson(p, this.now());
  }

  async reject(t: string, by: Actor, id: string, reason: string) {
    const at = this.now();
    const p = await audited<Proposal, Proposal>(
      this.kv,
      t,
      by,
      at,
      proposalKeys.proposal(t, id),
      (current) => {
        if (!current) throw new DomainError("NOT_FOUND");
        if (current.proposer === by.operator) throw new DomainError("PROPOSAL_OWN");
        if (current.status !== "pending") throw new DomainError("ALREADY_DECIDED");
        const next: Proposal = {
          ...current,
          status: "rejected",
          decidedBy: by.operator,
          decidedAt: at,
          reason,
        };
        return {
          value: next,
          action: "proposal.reject",
          target: `proposal:${id}`,
          before: current as unknown as Json,
          after: next as unknown as Json,
          result: next,
        };
      },
    );
    return proposalJson(p, at);
  }

  /** Pending, not expired, not the approver's own, the payload as hashed. */
  private async decidable(p: Proposal | null, by: Actor): Promise<Proposal> {
    if (!p) throw new DomainError("NOT_FOUND");
    if (p.proposer === by.operator) throw new DomainError("PROPOSAL_OWN");
    if (p.status !== "pending") throw new DomainError("ALREADY_DECIDED");
    if (this.now() > p.expiresAt) throw new DomainError("PROPOSAL_EXPIRED");
    if (await hashOf(p.payload) !== p.payloadHash) throw new DomainError("CONFLICT");
    return p;
  }
}
