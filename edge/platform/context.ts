import type { EventLogReader } from "../realtime/eventlog.ts";
import type { OperatorsService } from "../operators/service.ts";
import type { PaymentMethods } from "../funds/methods.ts";
import type { Recharges } from "../funds/recharge.ts";
import type { Withdrawals } from "../funds/withdraw.ts";
import type { Identity } from "../identity/certify.ts";
import type { ImageStore } from "../uploads/service.ts";
import type { Context } from "hono";
import type { AccountsService, Session } from "../accounts/service.ts";
import type { SmsSender } from "../accounts/sender.ts";
import type { Ledger } from "../ledger/service.ts";
import type { PricePort } from "../market/prices.ts";
import type { MarketService } from "../market/service.ts";
import type { Hub } from "../realtime/hub.ts";
import type { FastContracts } from "../trading/fast.ts";
import type { TradingEngine } from "../trading/engine.ts";
import type { Contracts } from "../trading/contracts.ts";
import type { Exchange } from "../trading/exchange.ts";
import type { HoldingFees } from "../trading/holding_fee.ts";
import type { Spot } from "../trading/spot.ts";
import type { LocaleId } from "../../locales/languages.ts";
import type { AppConfig } from "./config.ts";
import type { T } from "./locale.ts";
import type { Tenant, TenantRegistry } from "./tenants.ts";

/** Everything the server needs, built once by main.ts (or by a test) and injected. */
export interface Deps {
  kv: Deno.Kv;
  config: AppConfig;
  tenants: TenantRegistry;
  sender: SmsSender;
  accounts: AccountsService;
  operators: OperatorsService;
  ledger: Ledger;
  prices: PricePort;
  market: MarketService;
  hub: Hub;
  fast: FastContracts;
  contracts: Contracts;
  exchange: Exchange;
  holdingFees: HoldingFees;
  spot: Spot;
  engine: TradingEngine;
  /** the tenants' event logs, read from KV (private events of every instance) */
  events: EventLogReader;
  images: ImageStore;
  identity: Identity;
  methods: PaymentMethods;
  recharges: Recharges;
  withdrawals: Withdrawals;
  now: () => number;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    tenant: Tenant;
    locale: LocaleId;
    /** The customer's time zone: the browser's (the `tz` cookie), else the language's. */
    timeZone: string;
    t: T;
    ip: string;
    mobile: boolean;
    /** Resolved lazily by `sessionOf`; undefined = not looked up yet. */
    session: Session | null | undefined;
    /** Whether the request came over TLS (directly or via a trusted proxy). */
    secure: boolean;
    /** CSP frame-src sources for this response (only the customer-service page embeds). */
    frameSrc: string | undefined;
    /** Unread messages of the signed-in customer, read by the page guard for the badges. */
    unread: number | undefined;
  };
}

export type Ctx = Context<AppEnv>;

export const SESSION_COOKIE = "tw_session";
export const LOCALE_COOKIE = "wplocale";
/** The browser's time zone, written by the boot script of every page (`HASH_ROUTE_SCRIPT`). */
export const TZ_COOKIE = "tz";
