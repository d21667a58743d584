/**
 * Payment methods (where withdrawals go): one bank card per customer (domestic card number or
 * international IBAN + SWIFT), whose holder must be the verified name, and one crypto address
 * per type (BTC, ETH, USDT-TRC20, USDT-ERC20), format and checksum validated. Bound methods are
 * immutable: a change goes through customer service.
 *
 * Binding needs a fresh second factor (the `security` SMS code, or TOTP when two-factor is on),
 * used up in the binding's commit, which also writes the customer a message: whoever holds only
 * a session cannot add a place for money to go unnoticed. A newly bound method is on hold for
 * 24 hours (`METHOD_HOLD_MS` from `createdAt`, its bound time): no withdrawal goes to it before.
 */
import type { AccountsService } from "../customers/service.ts";
import type { FreshProof } from "../customers/codes.ts";
import { messageInto } from "../messages/store.ts";
import type { Currency } from "../ledger/accounts.ts";
import { journalId } from "../ledger/service.ts";
import { identityStatus } from "../identity/certify.ts";
import { DomainError } from "../platform/errors.ts";
import {
  type CryptoType,
  maskAddress,
  maskCard,
  validateCryptoAddress,
  validateDomesticCard,
  validateIban,
  validateSwift,
} from "../../contract/formats.ts";
import { methodKeys } from "./store.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";
import type { MethodJson } from "../../contract/funds.ts";

/** How long a newly bound method cannot receive a withdrawal. */
export const METHOD_HOLD_MS = 24 * 3600_000;

/** When a method can first receive a withdrawal. */
export function usableAt(m: PaymentMethod): number {
  return m.createdAt + METHOD_HOLD_MS;
}

export interface BankDetails {
  region: "domestic" | "international";
  holder: string;
  /** card number (domestic) or IBAN (international), canonical */
  number: string;
  bankName: string;
  bankAddress: string;
  /** opening bank / branch */
  branch: string;
  swift: string | null;
}

export interface PaymentMethod {
  id: string;
  userId: string;
  kind: "bank" | "crypto";
  bank: BankDetails | null;
  crypto: { type: CryptoType; address: string } | null;
  /** the bound time (the 24 h hold runs from it) */
  createdAt: number;
}

/** The currency a withdrawal to this method pays out in. */
export function methodCurrency(m: PaymentMethod): Currency {
  if (m.kind === "bank") return "USDT";
  const type = m.crypto!.type;
  return type === "BTC" ? "BTC" : type === "ETH" ? "ETH" : "USDT";
}

/** Names compare trimmed, with single spaces and without case. */
export function sameName(a: string, b: string) {
  const n = (s: string) => s.trim().replace(/\s+/g, " ").toLocaleLowerCase();
  return n(a) === n(b);
}

export function methodJson(m: PaymentMethod): MethodJson {
  return {
    id: m.id,
    kind: m.kind,
    currency: methodCurrency(m),
    bank: m.bank
      ? {
        region: m.bank.region,
        holder: m.bank.holder,
        number: maskCard(m.bank.number),
        bankName: m.bank.bankName,
        bankAddress: m.bank.bankAddress,
        branch: m.bank.branch,
        swift: m.bank.swift,
      }
      : null,
    crypto: m.crypto ? { type: m.crypto.type, address: m.crypto.address } : null,
    label: m.bank
      ? `${m.bank.bankName} ${maskCard(m.bank.number)}`
      : `${m.crypto!.type} ${maskAddress(m.crypto!.address)}`,
    createdAt: m.createdAt,
    usableAt: usableAt(m),
  };
}

/** A method to bind, as asked (a bank's SWIFT code may be left out). */
export type AddMethod =
  | ({ kind: "bank"; swift?: string } & Omit<BankDetails, "swift">)
  | { kind: "crypto"; type: CryptoType; address: string };

export class PaymentMethods {
  constructor(
    private kv: Deno.Kv,
    private accounts: AccountsService,
    private now: () => number = Date.now,
  ) {}

  /** What `list` reads, to start with the session. */
  listRead(t: string, userId: string): ListRead {
    return { selector: { prefix: methodKeys.methods(t, userId) } };
  }

  async list(t: string, userId: string): Promise<PaymentMethod[]> {
    const out: PaymentMethod[] = [];
    for await (const e of this.kv.list<PaymentMethod>(this.listRead(t, userId).selector)) {
      out.push(e.value);
    }
    return out;
  }

  async get(t: string, userId: string, id: string) {
    return (await this.kv.get<PaymentMethod>(methodKeys.method(t, userId, id))).value;
  }

  /**
   * Bind a method: the details are checked first (a typo does not use up the code), then the
   * fresh second factor, the slot, the record and the message go in one commit.
   */
  async add(t: string, userId: string, req: AddMethod, proof: FreshProof): Promise<PaymentMethod> {
    const at = this.now();
    const m: PaymentMethod = {
      id: journalId(at),
      userId,
      kind: req.kind,
      bank: null,
      crypto: null,
      createdAt: at,
    };
    let slot: string;
    if (req.kind === "bank") {
      const id = await identityStatus(this.kv, t, userId);
      if (id.junior?.status !== "authenticated" || !id.verifiedName) {
        throw new DomainError("CERTIFY_REQUIRED");
      }
      if (!sameName(req.holder, id.verifiedName)) {
        throw new DomainError("VALIDATION", {}, { holder: "holderMismatch" });
      }
      const number = req.region === "domestic"
        ? validateDomesticCard(req.number)
        : validateIban(req.number);
      if (!number) {
        throw new DomainError("VALIDATION", {}, {
          number: req.region === "domestic" ? "cardInvalid" : "ibanInvalid",
        });
      }
      let swift: string | null = null;
      if (req.region === "international") {
        swift = validateSwift(req.swift ?? "");
        if (!swift) throw new DomainError("VALIDATION", {}, { swift: "swiftInvalid" });
      }
      m.bank = {
        region: req.region,
        holder: id.verifiedName,
        number,
        bankName: req.bankName.trim(),
        bankAddress: req.bankAddress.trim(),
        branch: req.branch.trim(),
        swift,
      };
      slot = "bank";
    } else {
      const address = await validateCryptoAddress(req.type, req.address);
      if (!address) throw new DomainError("VALIDATION", {}, { address: "addressInvalid" });
      m.crypto = { type: req.type, address };
      slot = req.type;
    }
    const slotKey = methodKeys.slot(t, userId, slot);
    const taken = async () => {
      const entry = await this.kv.get<string>(slotKey);
      if (entry.value !== null) throw new DomainError("ALREADY_BOUND");
      return entry;
    };
    await taken();
    return await this.accounts.withFreshProof(t, userId, proof, async (_u, op) => {
      op.check(await taken()).set(slotKey, m.id).set(methodKeys.method(t, userId, m.id), m);
      messageInto(op, t, userId, {
        at,
        kind: "methodBound",
        params: { method: methodJson(m).label },
      });
      return { result: m };
    });
  }
}
