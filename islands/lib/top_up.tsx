/**
 * The transfer in place: a ticket whose wallet cannot cover the order while the customer's other
 * wallet can offers to move exactly the shortfall (rounded up to the cent) there, with one
 * button that states what it does ("Move 40.00 USDT from the spot wallet to the contract
 * wallet"): that button is the one confirmation. The move is the ordinary transfer
 * (`POST /api/account/transfer`, idempotent per offer); the ticket's balance then follows the
 * reply and the balance event, and the order is placed as usual. Fast contracts and contracts
 * trade from the contract wallet, wealth subscribes from the spot wallet.
 */
import { useState } from "preact/hooks";
import { formatDecimal, parseDecimal, SCALE } from "../../core-wasm/decimal.ts";
import type { Wallet } from "../../contract/currencies.ts";
import { formatAmount, uiLocale } from "../../locales/format.ts";
import { api, toast } from "./api.ts";
import { fill, type Texts } from "./fields.tsx";

export const TOP_UP_TEXTS = [
  "topUp.short",
  "topUp.move",
  "topUp.moved",
  "assets.wallet_spot",
  "assets.wallet_contract",
  "app.networkError",
] as const;

/** USDT moves in cents: a shortfall of 40.001 asks for 40.01. */
const CENT = SCALE / 100n;

/**
 * What to move so `cost` fits: the shortfall rounded up to the cent, or null when the wallet
 * already covers it or the other wallet cannot (then the ticket's own message stands).
 */
export function shortfall(cost: bigint, available: bigint, other: bigint): bigint | null {
  if (cost <= available) return null;
  const need = ((cost - available + CENT - 1n) / CENT) * CENT;
  return need <= other ? need : null;
}

/** Both wallets' USDT as `useAvailable` holds them: the figures and their setter. */
type UsdtWallets = [
  Record<UsdtKey, string>,
  (key: UsdtKey, value: string) => void,
];
type UsdtKey = `${Wallet}:USDT`;

export function TopUp(
  { tx, need, from, to, wallets: [balance, setBalance], onMoved }: {
    tx: Texts;
    /** the amount to move (units) */
    need: bigint;
    from: Wallet;
    to: Wallet;
    /** the ticket's live balances: the source's figure is shown, both follow the reply */
    wallets: UsdtWallets;
    /** after the move (the balances already set from the reply) */
    onMoved: () => void;
  },
) {
  const fromAvailable = parseDecimal(balance[`${from}:USDT`]);
  const [busy, setBusy] = useState(false);
  // one key per offer: a double click or a retry moves the money once
  const [key] = useState(() => crypto.randomUUID());
  const loc = uiLocale();
  const usdt = (v: bigint) => formatAmount(v, "USDT", loc);
  const wallet = (w: Wallet) => tx[`assets.wallet_${w}`]!;
  async function move() {
    setBusy(true);
    const body = { from, to, currency: "USDT" as const, amount: formatDecimal(need) };
    const header = { "idempotency-key": key };
    const env = await api((c) => c.POST("/account/transfer", { body, params: { header } }));
    setBusy(false);
    if (env.code !== 0) {
      toast(env.code === -1 ? tx["app.networkError"]! : env.message, "error");
      return;
    }
    toast(fill(tx["topUp.moved"]!, { amount: usdt(need), to: wallet(to) }));
    setBalance(`${from}:USDT`, env.data.available.from);
    setBalance(`${to}:USDT`, env.data.available.to);
    onMoved();
  }
  return (
    <div class="notice top-up" data-testid="top-up" role="group">
      <p>
        {fill(tx["topUp.short"]!, {
          amount: usdt(need),
          wallet: wallet(to),
          other: wallet(from),
          held: usdt(fromAvailable),
        })}
      </p>
      <button
        type="button"
        class="btn btn-primary btn-block"
        disabled={busy}
        onClick={move}
        data-testid="top-up-move"
      >
        {fill(tx["topUp.move"]!, { amount: usdt(need), from: wallet(from), to: wallet(to) })}
      </button>
    </div>
  );
}

/**
 * A ticket's transfer in place: the ticket trades from `into`; `offer(cost)` works out what that
 * wallet lacks and the other has at the live balances (`offer(null)` withdraws the offer), and
 * `view` is the offer while there is one. After the move the offer goes and `onMoved` runs (the
 * ticket checks its order again).
 */
export function useTopUp(tx: Texts, into: Wallet, wallets: UsdtWallets, onMoved: () => void) {
  const [need, setNeed] = useState<bigint | null>(null);
  const from: Wallet = into === "spot" ? "contract" : "spot";
  const units = (w: Wallet) => parseDecimal(wallets[0][`${w}:USDT`]);
  const offer = (cost: bigint | null) =>
    setNeed(cost === null ? null : shortfall(cost, units(into), units(from)));
  const view = need === null ? null : (
    <TopUp
      {...{ tx, need, from, wallets }}
      to={into}
      onMoved={() => {
        setNeed(null);
        onMoved();
      }}
    />
  );
  return { offer, view };
}
