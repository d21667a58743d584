/**
 * The payout reference an operator records when marking a withdrawal paid ("Mark paid"): the
 * transaction hash of a crypto payout, per the network of the address (EVM chains: ETH and
 * USDT-ERC20 "0x" + 64 hex; BTC and USDT-TRC20 (TRON): 64 hex without a prefix), or the bank's
 * reference of a card/bank payout (4-64 printable ASCII characters, starting with a letter or a
 * digit: no formula prefix in an export). The server decides by the withdrawal's method and the
 * console's form checks the same before sending.
 */
export type PayoutTo = { kind: "bank" | "crypto"; type?: string | null };

/** The locale key (under `validation.`) of what is wrong with `ref` for `to`, or null. */
export function payoutReferenceProblem(to: PayoutTo, ref: unknown): string | null {
  const s = typeof ref === "string" ? ref.trim() : "";
  if (!s) return "referenceRequired";
  if (to.kind === "bank") {
    return /^[A-Za-z0-9][\x20-\x7E]{3,63}$/.test(s) ? null : "bankReferenceInvalid";
  }
  if (evmNetwork(to.type)) return /^0x[0-9a-fA-F]{64}$/.test(s) ? null : "txHashEvm";
  return /^[0-9a-fA-F]{64}$/.test(s) ? null : "txHashHex";
}

/** The reference as stored: trimmed; a transaction hash in lower case (hex is case-free). */
export function canonicalPayoutReference(to: PayoutTo, ref: string): string {
  const s = ref.trim();
  return to.kind === "crypto" ? s.toLowerCase() : s;
}

/** ETH and USDT-ERC20 live on an EVM chain (transaction hashes start with 0x). */
const evmNetwork = (type: string | null | undefined) => type === "ETH" || type === "USDT-ERC20";
