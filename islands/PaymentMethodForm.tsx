import { useState } from "preact/hooks";
import { type BodyOf, toast } from "./lib/api.ts";
import type { CryptoType, MethodJson } from "../contract/funds.ts";
import { ConfirmBox, Field, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { FRESH_PROOF_TEXTS, useFreshProof } from "./lib/fresh_proof.tsx";
import {
  validateCryptoAddress,
  validateDomesticCard,
  validateIban,
  validateSwift,
} from "../contract/formats.ts";

export const METHOD_TEXTS = [
  "methods.holder",
  "methods.number",
  "methods.iban",
  "methods.swift",
  "methods.bankName",
  "methods.bankAddress",
  "methods.branch",
  "methods.type",
  "methods.address",
  "methods.immutable",
  "methods.holderNote",
  "methods.bind",
  "methods.bound",
  "methods.holdNotice",
  "validation.holderRequired",
  "validation.cardRequired",
  "validation.bankNameRequired",
  "validation.bankAddressRequired",
  "validation.branchRequired",
  "validation.addressRequired",
  "validation.swiftInvalid",
  "validation.cardInvalid",
  "validation.ibanInvalid",
  "validation.addressInvalid",
  "methods.willBind",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
  ...FRESH_PROOF_TEXTS,
] as const;

type Mode = NonNullable<MethodJson["bank"]>["region"] | "crypto";
/** the server's address types, in the order the form offers them */
const CRYPTO_TYPES: readonly CryptoType[] = ["USDT-TRC20", "USDT-ERC20", "BTC", "ETH"];

/**
 * Bind a bank card (domestic card number, or international IBAN + SWIFT) or a crypto address.
 * Binding is permanent, so the form asks for a confirmation first; it needs a fresh code (SMS,
 * or TOTP when two-factor is on), and the form says before binding that a new method receives
 * no withdrawal for 24 hours.
 */
export default function PaymentMethodForm(
  { tx, mode, twoFactor, verifiedName, bound, after }: {
    tx: Texts;
    mode: Mode;
    twoFactor: boolean;
    verifiedName: string | null;
    /** crypto types already bound (not offered again) */
    bound: string[];
    after: string;
  },
) {
  const types = CRYPTO_TYPES.filter((x) => !bound.includes(x));
  const [v, setV] = useState<Record<string, string>>({
    holder: verifiedName ?? "",
    type: types[0] ?? "",
  });
  const [confirming, setConfirming] = useState(false);
  /** what the confirmation will bind, as the server will store it (label, value) */
  const [target, setTarget] = useState<[string, string][]>([]);
  const form = useForm(tx);
  const { errors, busy, check, send } = form;
  const proof = useFreshProof(tx, twoFactor, form);
  const set = (k: string) => (e: { currentTarget: { value: string } }) => {
    setV({ ...v, [k]: e.currentTarget.value });
    setConfirming(false);
    form.edited(k);
  };

  const fields: [string, string, string, number][] = mode === "crypto"
    ? [["address", "methods.address", "validation.addressRequired", 100]]
    : [
      ["holder", "methods.holder", "validation.holderRequired", 64],
      [
        "number",
        mode === "domestic" ? "methods.number" : "methods.iban",
        "validation.cardRequired",
        40,
      ],
      ...(mode === "international"
        ? [
          ["swift", "methods.swift", "validation.swiftInvalid", 11] as [
            string,
            string,
            string,
            number,
          ],
        ]
        : []),
      ["bankName", "methods.bankName", "validation.bankNameRequired", 80],
      ["bankAddress", "methods.bankAddress", "validation.bankAddressRequired", 160],
      ["branch", "methods.branch", "validation.branchRequired", 80],
    ];

  /**
   * The server's own format checks (card Luhn, IBAN mod-97, SWIFT, the address checksum of the
   * network) run before the confirmation opens, so "Confirm" never binds something the server
   * refuses; the confirmation then shows the canonical card or address it will bind.
   */
  async function validated(): Promise<[Record<string, string>, [string, string][]]> {
    const errs: Record<string, string> = {};
    if (mode === "crypto") {
      const address = await validateCryptoAddress(v.type as CryptoType, v.address ?? "");
      if (!address) errs.address = tx["validation.addressInvalid"]!;
      return [errs, [[tx["methods.type"]!, v.type ?? ""], [tx["methods.address"]!, address ?? ""]]];
    }
    const number = mode === "domestic"
      ? validateDomesticCard(v.number ?? "")
      : validateIban(v.number ?? "");
    if (!number) {
      errs.number = tx[mode === "domestic" ? "validation.cardInvalid" : "validation.ibanInvalid"]!;
    }
    const swift = mode === "international" ? validateSwift(v.swift ?? "") : null;
    if (mode === "international" && !swift) errs.swift = tx["validation.swiftInvalid"]!;
    const rows: [string, string][] = [
      [tx["methods.holder"]!, v.holder?.trim() ?? ""],
      [
        tx[mode === "domestic" ? "methods.number" : "methods.iban"]!,
        (number ?? "").replace(/(.{4})(?=.)/g, "$1 "),
      ],
      ...(swift ? [[tx["methods.swift"]!, swift] as [string, string]] : []),
      [tx["methods.bankName"]!, v.bankName?.trim() ?? ""],
      [tx["methods.branch"]!, v.branch?.trim() ?? ""],
    ];
    return [errs, rows];
  }

  async function review(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    for (const [k, , msg] of fields) if (!v[k]?.trim()) errs[k] = tx[msg]!;
    const [formatErrs, rows] = Object.keys(errs).length ? [{}, []] : await validated();
    if (check({ ...errs, ...formatErrs, ...proof.check() })) {
      setTarget(rows);
      setConfirming(true);
    }
  }

  async function submit() {
    const body = mode === "crypto"
      ? { kind: "crypto", type: v.type, address: v.address?.trim() }
      : {
        kind: "bank",
        region: mode,
        holder: v.holder?.trim(),
        number: v.number?.trim(),
        bankName: v.bankName?.trim(),
        bankAddress: v.bankAddress?.trim(),
        branch: v.branch?.trim(),
        ...(mode === "international" ? { swift: v.swift?.trim() } : {}),
      };
    // the fields were checked present before the confirmation step
    const method = { ...body, ...proof.body() } as BodyOf<"/payment-methods", "post">;
    const env = await send((c) => c.POST("/payment-methods", { body: method }));
    setConfirming(false);
    if (env) {
      toast(tx["methods.bound"]!);
      setTimeout(() => location.href = after, 600);
    }
  }

  return (
    <form class="form" onSubmit={review} noValidate data-testid={`method-form-${mode}`}>
      {mode !== "crypto" && verifiedName && (
        <p class="muted small">{tx["methods.holderNote"]!.replace("{{name}}", verifiedName)}</p>
      )}
      {mode === "crypto" && (
        <Field id="type" label={tx["methods.type"]!} error={errors.type}>
          <select id="type" value={v.type} onChange={set("type")}>
            {types.map((x) => <option key={x} value={x}>{x}</option>)}
          </select>
        </Field>
      )}
      {fields.map(([k, label, , max]) => (
        <Field key={k} id={k} label={tx[label]!} error={errors[k]}>
          <input
            id={k}
            autoComplete="off"
            maxLength={max}
            value={v[k] ?? ""}
            onInput={set(k)}
            readOnly={k === "holder" && !!verifiedName}
            aria-invalid={errors[k] ? true : undefined}
          />
        </Field>
      ))}
      <p class="muted small">{tx["methods.immutable"]}</p>
      <p class="notice small" data-testid="method-hold-notice">{tx["methods.holdNotice"]}</p>
      {proof.fields(errors)}
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["methods.bind"]}
      </button>
      {/* the confirmation opens over the form, with the target in full */}
      {confirming && (
        <ConfirmBox
          tx={tx}
          busy={busy}
          testid="method-confirm"
          text={`${tx["methods.immutable"]} ${tx["methods.holdNotice"]}`}
          onConfirm={submit}
          onCancel={() => setConfirming(false)}
        >
          <div class="card" data-testid="method-target">
            <p class="small">{tx["methods.willBind"]}</p>
            <div class="kv">
              {target.map(([k, x]) => (
                <div class="kv-row" key={k}>
                  <span class="muted">{k}</span>
                  <strong class="mono wrap">{x}</strong>
                </div>
              ))}
            </div>
          </div>
        </ConfirmBox>
      )}
    </form>
  );
}
