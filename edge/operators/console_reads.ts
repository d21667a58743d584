/**
 * What the console's screens read of the tenant, named up front so that a route or page reads it
 * with the operator's session (edge/http/operator_auth.ts `ConsoleReads`: one round trip far from
 * the store). Each is the list or record its service reads (the same selector and options: a
 * read that does not match only costs its round trip again, never a wrong answer).
 */
import type { ListRead } from "../platform/kv_round_trips.ts";
import { proposalKeys } from "./proposal_kinds.ts";
import { keys } from "./store.ts";

/** A first page of the proposals, newest first (`Proposals.list`). */
export function proposalsRead(t: string, limit: number): ListRead {
  return { selector: { prefix: proposalKeys.proposals(t) }, options: { reverse: true, limit } };
}

/**
 * Every operator (`OperatorAccounts.all`), and each one's record beside it (the proposals'
 * `barred` reads the viewer's and the proposers').
 */
export function operatorsRead(t: string, limit: number): ListRead {
  return {
    selector: { prefix: keys.operators(t) },
    options: { limit },
    record: (username) => keys.operator(t, username),
  };
}
