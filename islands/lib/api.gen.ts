/**
 * Generated from the API document (GET /api/doc) by tools/api_types.ts (openapi-typescript):
 * do not edit; run `deno task gen:api` after changing a route.
 */
export interface paths {
  "/config": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A public tenant configuration value (isClose, customerUrl, ...) */
    get: operations["getConfig"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Customer-service link of the tenant, parsed per the spec's popup rules */
    get: operations["getCustomer"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/languages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Interface languages with currency symbol and time zone */
    get: operations["getLanguages"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/locale": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Store the language preference (cookie `wplocale`, and the account when signed in) */
    post: operations["postLocale"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sms/code": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a verification code (answer never reveals whether the phone is registered) */
    post: operations["postSmsCode"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/register": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Register with phone, SMS code and password; logs in */
    post: operations["postRegister"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Log in; token in the `authorization` response header, user info in data, this device's known-device token in `x-device-token` (and the HttpOnly `tw_device` cookie): send it back in that header to pass sign-in limits with the right password. With two-factor on, a correct password without `totp` answers 400 TOTP_REQUIRED: send phone, password and totp again */
    post: operations["postLogin"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login/hint": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** What the sign-in page shows once the phone is entered: the customer's anti-phishing word, only to a known device of that account (cookie or `x-device-token`); null for everyone else, whether or not the phone has an account */
    post: operations["postLoginHint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End this session (idempotent) */
    post: operations["postLogout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/info": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in customer */
    get: operations["getUserInfo"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Change the login password; ends every session */
    post: operations["postUserPassword"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/password/reset": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reset a forgotten password by SMS code; ends every session */
    post: operations["postUserPasswordReset"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/draw-password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set or change the 6-digit withdrawal password; needs the SMS code of /user/security-code (`code`), or `totp` when two-factor is on */
    post: operations["postUserDrawPassword"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/security-code": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send the signed-in customer an SMS code (to their own phone) that confirms a change to money settings: withdrawal password, payment method, anti-phishing code */
    post: operations["postUserSecurityCode"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/anti-phishing": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set or change the anti-phishing code (4-20 letters or digits) shown in every SMS and message; needs the SMS code of /user/security-code, or totp when two-factor is on */
    post: operations["postUserAntiPhishing"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/2fa/setup": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start two-factor sign-in: a new TOTP secret and its otpauth URI (shown once; on after /enable) */
    post: operations["postUser2faSetup"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/2fa/enable": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Turn two-factor on with a code from the secret of /setup (each code works once) */
    post: operations["postUser2faEnable"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/2fa/disable": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Turn two-factor off with a current code (each code works once) */
    post: operations["postUser2faDisable"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Signed-in devices (live sessions), newest first; `current` marks this one */
    get: operations["getUserSessions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/sessions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Sign one device out (its token then answers -99); another's session is 404 */
    delete: operations["deleteUserSessionsById"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/logins": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Recent sign-in attempts (at most 50, 90 days), newest first: success, wrongPassword, totpFailed, throttled */
    get: operations["getUserLogins"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/account/assets": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Balances per wallet and currency, valued in USDT (and approximately in the language's currency when the tenant set a reference rate) */
    get: operations["getAccountAssets"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/account/flow": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's journal lines, newest first, paged with ?cursor=&limit= */
    get: operations["getAccountFlow"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/account/transfer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Move funds between the spot and contract wallets (contract holds USDT only) */
    post: operations["postAccountTransfer"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/account/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's data as one JSON document (a download): profile, verification, masked payment methods, orders, positions, fund flow, recharges, withdrawals, messages, sign-ins; document images only with ?images=1 */
    get: operations["getAccountExport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/account/limits": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's limits (daily and monthly loss, deposit per 30 days, session reminder), pending raises, cooling-off, self-exclusion, loss-figure acknowledgements and what the limits count now */
    get: operations["getAccountLimits"];
    /** Set limits: a lower one holds at once, a higher one (or none: null) 24 hours later */
    put: operations["putAccountLimits"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/account/limits/cooling-off": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Take a break from trading and recharges for 1 day to 6 weeks (it cannot be shortened) */
    post: operations["postAccountLimitsCoolingOff"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/account/limits/self-exclusion": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Exclude oneself from trading and recharges for 6 months to 5 years (nobody lifts it early) */
    post: operations["postAccountLimitsSelfExclusion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/account/risk-acknowledgement": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The customer read the product's loss figure before their first trade of it (stored) */
    post: operations["postAccountRiskAcknowledgement"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/loss-figures": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The share of accounts that lost money on fast and on leveraged contracts in the last 12 months, with the count of accounts and the window (refreshed daily) */
    get: operations["getLossFigures"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/market/symbols": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** All symbols with price, change, open, high, low, turnover, 24 h volume */
    get: operations["getMarketSymbols"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/market/rising": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Symbols that rose over 24 h (change above zero), the most first; empty when none did */
    get: operations["getMarketRising"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/product/recommend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Recommended symbols with quotes */
    get: operations["getProductRecommend"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/market/search": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Symbols whose code or name contains the query */
    get: operations["getMarketSearch"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/market/kline": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Candles [openTime, open, high, low, close, volume], oldest first */
    get: operations["getMarketKline"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/optional/product": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in customer's favourites with quotes */
    get: operations["getOptionalProduct"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/optional/product/{symbol}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a favourite */
    post: operations["postOptionalProductBySymbol"];
    /** Remove a favourite */
    delete: operations["deleteOptionalProductBySymbol"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/tape/{symbol}/head": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The head of a symbol's hash-chained tape: latest sequence number, time and hash */
    get: operations["getTapeBySymbolHead"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/tape/{symbol}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Ticks of the tape by sequence number with their chain hashes (from..to, at most 1000; without from: the latest) */
    get: operations["getTapeBySymbol"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/fairness": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Fast contracts settled over the last 30 days per symbol and duration: won, lost, tied, refunded, and the shares of the decided */
    get: operations["getFairness"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/fast/options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Fast-contract durations with payout rate and stake limits */
    get: operations["getFastOptions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/fast/orders": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's fast contracts with entry and exit ticks */
    get: operations["getFastOrders"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/fast/order": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Place a fast contract: the stake is frozen until settlement */
    post: operations["postFastOrder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Leveraged-contract terms of a symbol: lot, leverage options, taker fee and the leverage brackets (max leverage and MMR by position value) */
    get: operations["getContractOptions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/positions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's positions with live P&L */
    get: operations["getContractPositions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/positions/{id}/tpsl": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set or clear (null) the stop-loss and take-profit (validated against the current price) */
    post: operations["postContractPositionsByIdTpsl"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/order": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Open a leveraged position at the current tick (margin frozen, open fee charged) */
    post: operations["postContractOrder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/positions/{id}/close": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Close a position, fully or some lots, at the current tick */
    post: operations["postContractPositionsByIdClose"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/positions/{id}/trailing": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set or clear (null) a trailing stop: callbackRate (0.001-0.1) behind the best price from now on; it closes the whole position */
    post: operations["postContractPositionsByIdTrailing"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/positions/{id}/oco": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set the one-cancels-other pair: a stop-loss and a take-profit for `lots` of the position (the first reached closes them, the other is cancelled) */
    post: operations["postContractPositionsByIdOco"];
    /** Cancel the one-cancels-other pair */
    delete: operations["deleteContractPositionsByIdOco"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/exchange/quote": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A quote to convert between BTC, ETH and USDT (spot wallet), valid 10 s */
    post: operations["postExchangeQuote"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/exchange/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Confirm a quote before it expires: one journal, once */
    post: operations["postExchangeConfirm"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/orders/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel a pending limit order (the held margin and fee come back) */
    post: operations["postContractOrdersByIdCancel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/orders/{id}/chase": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Chase a pending limit order to the current price, which fills it */
    post: operations["postContractOrdersByIdChase"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/positions/{id}/reverse": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Close, then open the same lots in the opposite direction at market (reversed false: the margin fell short, only the close happened) */
    post: operations["postContractPositionsByIdReverse"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contract/positions/{id}/hedge": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Lock: open an equal position in the opposite direction */
    post: operations["postContractPositionsByIdHedge"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/spot/orders": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's spot orders */
    get: operations["getSpotOrders"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/spot/order": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Buy or sell coins: market at the tick, or limit with held funds */
    post: operations["postSpotOrder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/spot/orders/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel an open limit order (held funds come back) */
    post: operations["postSpotOrdersByIdCancel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/login": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Operator sign-in: username, password and TOTP code (each code once); token in `authorization` and in the console's HttpOnly cookie (`status: signedIn`). An operator who has not enrolled yet signs in with the temporary password alone and gets `status: enrolmentRequired` (a new TOTP secret shown once, an enrolment token for POST /api/admin/enrol), no session. A disabled operator giving every factor right gets 403 OPERATOR_DISABLED; every other failure BAD_CREDENTIALS */
    post: operations["postAdminLogin"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End the operator session (audited) */
    post: operations["postAdminLogout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/demo": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Demo accounts (visitors' and customers'), newest first, with their demo-book balances: demo activity apart from every queue and report of real money */
    get: operations["getAdminDemo"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/audit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The operator audit log, newest first, paged with ?cursor=&limit=, narrowed by ?operator=&action=&from=&to= (UTC days, inclusive; action `refused`: refused privileged attempts) */
    get: operations["getAdminAudit"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/audit/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Walk the audit hash chain from seq 1 and hold it against every signed checkpoint: verified up to which seq, and the first break (seq, reason, expected vs found; checkpoint: the entry at a checkpointed seq has another hash, truncated: the chain ends before one, signature: a stored checkpoint's signature fails) */
    get: operations["getAdminAuditVerify"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/audit/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Audit entries of UTC days from..to (YYYY-MM-DD, at most 366 days, 50,000 entries), oldest first, as CSV or JSON lines, for auditors */
    get: operations["getAdminAuditExport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/reports/daily": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Per UTC day (from..to, YYYY-MM-DD, at most 92 days) and currency, live book: deposits, withdrawals, fees, customer P&L against the house, insurance used, yield paid, liabilities at day end; the reserve coverage now; ?format=csv */
    get: operations["getAdminReportsDaily"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/reports/exposure": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Open interest of holding leveraged positions per symbol (long/short lots, qty, notional at the last price) and the house's P&L now and if the market moved +move % / -move % (default 5) */
    get: operations["getAdminReportsExposure"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/recharge-channels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Recharge channels, enabled or not */
    get: operations["getAdminRechargeChannels"];
    /** Create or update a recharge channel (audited) */
    put: operations["putAdminRechargeChannels"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/withdraw-settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Withdrawal rules: enabled, turnover ratio, min/max/fee per currency */
    get: operations["getAdminWithdrawSettings"];
    /** Change the withdrawal rules (audited) */
    put: operations["putAdminWithdrawSettings"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/images/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An evidence image (voucher, identity document): operators of its role only */
    get: operations["getAdminImagesById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/recharges": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The recharges review queue by status, oldest first; ?currency=&min=&max=&age=(minutes waited, at least)&customer=(user id or phone)&sort=&dir= narrow and sort it */
    get: operations["getAdminRecharges"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/recharges/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The recharges review queue's view (the list's status and filters) as CSV: a header row, amounts as exact decimals, formula cells neutralized; audited (queue.export) */
    get: operations["getAdminRechargesExport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/recharges/bulk-pass": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pass several of the recharges (at most 50), each decided and audited on its own; only those the tenant's bulk-pass setting allows (else BULK_PASS_OVER for that record, left as it is; 409 BULK_PASS_OFF when the setting is off) */
    post: operations["postAdminRechargesBulkPass"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/recharges/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the recharges with its evidence and the actions it allows */
    get: operations["getAdminRechargesById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/recharges/{id}/{action}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Decide one of the recharges: pass, reject (reject with {reason}); once, audited, the customer messaged */
    post: operations["postAdminRechargesByIdByAction"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/withdrawals": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The withdrawals review queue by status, oldest first; ?currency=&min=&max=&age=(minutes waited, at least)&customer=(user id or phone)&sort=&dir= narrow and sort it */
    get: operations["getAdminWithdrawals"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/withdrawals/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The withdrawals review queue's view (the list's status and filters) as CSV: a header row, amounts as exact decimals, formula cells neutralized; audited (queue.export) */
    get: operations["getAdminWithdrawalsExport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/withdrawals/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the withdrawals with its evidence and the actions it allows */
    get: operations["getAdminWithdrawalsById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/withdrawals/{id}/{action}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Decide one of the withdrawals: pass, complete, reject, freeze, thaw (reject with {reason}; complete with {reference}: the transaction hash of a crypto payout (0x + 64 hex on ETH and USDT-ERC20, 64 hex on BTC and USDT-TRC20) or the bank reference of a card/bank payout (4-64 printable characters)); once, audited, the customer messaged */
    post: operations["postAdminWithdrawalsByIdByAction"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/certifications": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The certifications review queue by status, oldest first; ?age=(minutes waited, at least)&customer=(user id or phone)&sort=&dir= narrow and sort it */
    get: operations["getAdminCertifications"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/certifications/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The certifications review queue's view (the list's status and filters) as CSV: a header row, amounts as exact decimals, formula cells neutralized; audited (queue.export) */
    get: operations["getAdminCertificationsExport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/certifications/bulk-pass": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pass several of the certifications (at most 50), each decided and audited on its own; only those the tenant's bulk-pass setting allows (else BULK_PASS_OVER for that record, left as it is; 409 BULK_PASS_OFF when the setting is off) */
    post: operations["postAdminCertificationsBulkPass"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/certifications/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the certifications with its evidence and the actions it allows */
    get: operations["getAdminCertificationsById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/certifications/{id}/{action}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Decide one of the certifications: pass, reject (reject with {reason}); once, audited, the customer messaged */
    post: operations["postAdminCertificationsByIdByAction"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/recharge/channels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Offline recharge channels (bank account or deposit address per currency) */
    get: operations["getRechargeChannels"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/recharge": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Submit an offline recharge for review (status auditing) */
    post: operations["postRecharge"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/recharge/history": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's recharges, newest first */
    get: operations["getRechargeHistory"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/recharge/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the customer's recharges */
    get: operations["getRechargeById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/withdraw/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Withdrawal form data: bound methods, limits, fee and net for an amount, turnover remaining */
    get: operations["getWithdrawPreview"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/withdraw/history": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's withdrawals, newest first */
    get: operations["getWithdrawHistory"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/withdraw/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the customer's withdrawals */
    get: operations["getWithdrawById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/payment-methods": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's bound bank card and crypto addresses */
    get: operations["getPaymentMethods"];
    put?: never;
    /** Bind a bank card (holder = verified name) or a crypto address; immutable once bound. Needs the SMS code of /user/security-code (`code`), or `totp` when two-factor is on; no withdrawal goes to it for 24 hours (`usableAt`) */
    post: operations["postPaymentMethods"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/withdraw": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Request a withdrawal to a bound method; the amount is frozen until reviewed */
    post: operations["postWithdraw"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/upload": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Upload an image (multipart field `file`): JPEG/PNG/WebP by content, <= 5 MiB, metadata removed */
    post: operations["postUpload"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/certify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's verification state (junior and advanced) */
    get: operations["getCertify"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/certify/junior": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Submit junior verification (name, document type and number) for review */
    post: operations["postCertifyJunior"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/certify/advanced": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Submit advanced verification (front, back and handheld photos); junior first */
    post: operations["postCertifyAdvanced"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/message": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's messages, newest first, with the unread count */
    get: operations["getMessage"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/message/detail/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One message (marks it read) */
    get: operations["getMessageDetailById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/alerts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's price alerts, newest first, with the most allowed */
    get: operations["getAlerts"];
    put?: never;
    /** Set a price alert: above or below a price, or a move of x % in 24 h (at most 50) */
    post: operations["postAlerts"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/alerts/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Edit a price alert (a fired one is armed again) */
    put: operations["putAlertsById"];
    post?: never;
    /** Delete a price alert */
    delete: operations["deleteAlertsById"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notifications": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's notifications, newest first, with the unread count */
    get: operations["getNotifications"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notifications/read": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark every notification read */
    post: operations["postNotificationsRead"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notifications/preferences": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Per kind of notification: in-app and push on or off */
    get: operations["getNotificationsPreferences"];
    /** Set the preferences (every kind, both channels) */
    put: operations["putNotificationsPreferences"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/wealth/products": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Products with rate, APR, term, limits, hosted amount; the reserve and its coverage */
    get: operations["getWealthProducts"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/wealth/products/{id}/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Before confirming: daily and total income, APR, value date, first payout, maturity, the early-redemption rule at this amount */
    get: operations["getWealthProductsByIdPreview"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/wealth/orders": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The customer's orders, newest first, with earnings and the next payout */
    get: operations["getWealthOrders"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/wealth/orders/{id}/redeem-quote": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Early redemption quote: remaining days, penalty, refund (valid a few seconds) */
    post: operations["postWealthOrdersByIdRedeemQuote"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/wealth/order": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Subscribe: the amount is reserved from the spot USDT balance with the order */
    post: operations["postWealthOrder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/wealth/orders/{id}/redeem": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Redeem early at a quote: penalty to the house, refund to the customer, once */
    post: operations["postWealthOrdersByIdRedeem"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/demo/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A visitor: a demo account and its session (token in the `authorization` header, as at login; idle expiry 7 days). Signed in: this session switches to the customer's own demo account (made on first use) */
    post: operations["postDemoSession"];
    /** Back to the live account (this session acts as the customer again). A visitor has none: 409 DEMO_VISITOR (register) */
    delete: operations["deleteDemoSession"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/demo": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Which account this session acts as, and the demo account's practice period */
    get: operations["getDemo"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/demo/reset": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Restore the starting demo balance: open fast contracts voided (stake back), orders cancelled, positions closed at market, then one journal from the demo mint; a new practice period starts. Live accounts: 403 DEMO_ONLY */
    post: operations["postDemoReset"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/proposals": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Proposals, newest first, by status */
    get: operations["getAdminProposals"];
    put?: never;
    /** Propose funding the wealth reserve or adjusting a customer's balance (against the adjustments account); audited */
    post: operations["postAdminProposals"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/proposals/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One proposal with its exact payload and hash */
    get: operations["getAdminProposalsById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/proposals/{id}/approve": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Approve another operator's proposal: the change is made in the same commit, once */
    post: operations["postAdminProposalsByIdApprove"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/proposals/{id}/reject": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reject another operator's proposal with a reason; audited */
    post: operations["postAdminProposalsByIdReject"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/proposals/{id}/withdraw": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The proposer takes their own pending proposal back, with a reason (403 PROPOSAL_NOT_OWN for anyone else); audited */
    post: operations["postAdminProposalsByIdWithdraw"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/products/wealth": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The wealth products as configured */
    get: operations["getAdminProductsWealth"];
    /** Propose new wealth products (a second operator approves; orders keep the terms they were placed at) */
    put: operations["putAdminProductsWealth"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/products/{section}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Product terms in force (fast, leveraged, spot or exchange), their version and the proposals waiting */
    get: operations["getAdminProductsBySection"];
    /** Propose new product terms for a section (the whole section); applied to new orders once another operator approves */
    put: operations["putAdminProductsBySection"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/customers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Search customers by phone (exact or + prefix), user id, verified name (contains) or document number (at most 20) */
    get: operations["getAdminCustomers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/customers/{userId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One customer: balances, positions, orders, funds history, verification, payment methods, messages, sessions and sign-ins; ?sensitive=true (roles identity, admin) shows documents, full numbers and addresses and is audited */
    get: operations["getAdminCustomersByUserId"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/customers/{userId}/lock": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Lock a customer with a reason (audited): no sign-in, sessions end, no trading or withdrawing; open positions keep running */
    post: operations["postAdminCustomersByUserIdLock"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/customers/{userId}/unlock": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Unlock a customer with a reason (audited) */
    post: operations["postAdminCustomersByUserIdUnlock"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/customers/{userId}/message": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send the customer a message (their inbox; audited) */
    post: operations["postAdminCustomersByUserIdMessage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/customers/{userId}/erase": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Propose erasing the customer's personal data on their request (four-eyes: another admin approves); refused while positions or orders are open, a withdrawal or recharge is under way or any balance is not zero */
    post: operations["postAdminCustomersByUserIdErase"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Tenant settings (isClose, customerUrl, invitePolicy, inviteCodes, languages, demo) as in effect, with the version a change must name (0: never saved, the tenant file's values) */
    get: operations["getAdminSettings"];
    /** Replace the tenant settings (audited; effective on every instance at once). `version` is the one read: a newer save in between answers 409 CONFLICT with the current version. inviteCodes left out: kept. */
    put: operations["putAdminSettings"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/invitation": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** An invited operator (created or second factor reset by an approved proposal) gives username and the 8-digit code their phone received: an enrolment as /admin/login gives on a first sign-in (then /admin/enrol sets their own password). 5 wrong codes or 48 hours void it (OPERATOR_INVITATION_INVALID) */
    post: operations["postAdminInvitation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/enrol": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Complete an operator's first sign-in: the enrolment token of /admin/login, a code from the new secret and a new password (the temporary one is replaced); then a session as /admin/login gives (audited `operator.enrol`). 5 wrong codes or 10 minutes end the enrolment (ENROLMENT_INVALID: sign in again) */
    post: operations["postAdminEnrol"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The signed-in operator changes their password (current and new); their other sessions end (audited) */
    post: operations["postAdminPassword"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/operators": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Operator accounts (admin), each with the actions the server allows on it now */
    get: operations["getAdminOperators"];
    put?: never;
    /** Propose creating an operator (admin; `operator.create`, a second admin approves): username, their own phone, roles. On approval the invitation goes by SMS to that phone only (OPERATOR_EXISTS when taken; SECOND_ADMIN_REQUIRED when no other enabled admin could decide it) */
    post: operations["postAdminOperators"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/operators/{username}/roles": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Propose an operator's roles (admin; `operator.roles`, a second admin approves): never one's own (OPERATOR_SELF), never leaving no enabled admin (LAST_ADMIN at approval) */
    post: operations["postAdminOperatorsByUsernameRoles"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/operators/{username}/disable": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Disable an operator at once (admin; audited; it only removes power, so no second admin): their sessions end, sign-in is refused; not oneself, not the last enabled admin */
    post: operations["postAdminOperatorsByUsernameDisable"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/operators/{username}/enable": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Propose enabling a disabled operator again (admin; `operator.enable`, a second admin approves; not oneself) */
    post: operations["postAdminOperatorsByUsernameEnable"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/operators/{username}/reset-totp": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Propose resetting an operator's second factor and password (on approval their sessions end and a new invitation goes to their phone) (admin; `operator.resetTotp`, a second admin approves; not oneself) */
    post: operations["postAdminOperatorsByUsernameResetTotp"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/operators/{username}/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An operator's live sessions, newest first (the operator themselves, or an admin); `current` marks the request's */
    get: operations["getAdminOperatorsByUsernameSessions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/operators/{username}/sessions/{id}/revoke": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End one session of an operator (the operator themselves, or an admin; audited) */
    post: operations["postAdminOperatorsByUsernameSessionsByIdRevoke"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/banner": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Home banners in the reader's language (fallback chain), in order, as scheduled */
    get: operations["getBanner"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notice": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Notices, newest first; each says which language it served */
    get: operations["getNotice"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notice/dialog": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The notice to pop up now for this reader, or null (once: until seen; everyLogin: once per session; untilAck: until acknowledged). Serving it counts as seen */
    get: operations["getNoticeDialog"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notice/{id}/ack": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Acknowledge a pop-up notice: it no longer pops up for this customer */
    post: operations["postNoticeByIdAck"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notice/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One notice with its body (HTML rendered from Markdown on the server) */
    get: operations["getNoticeById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/news": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** News, newest first */
    get: operations["getNews"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/news/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One news article with its body */
    get: operations["getNewsById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/help": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Help centre: categories with their articles; `q` searches titles and bodies */
    get: operations["getHelp"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/help/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One help article */
    get: operations["getHelpById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/page/{slug}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An information page (shipped defaults until an operator edits it; `version` of the agreement is what registration records); `rates` is generated from live configuration */
    get: operations["getPageBySlug"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/coin-application": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Apply to list a coin (throttled per source); lands in the operators' queue */
    post: operations["postCoinApplication"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contact": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A message to customer service (the contact form when no service link is configured; throttled per source); lands in the operators' queue */
    post: operations["postContact"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/content": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Content items with every language's draft and published state (pages included) */
    get: operations["getAdminContent"];
    put?: never;
    /** Create an item (drafts per language; a page starts from its shipped text); audited */
    post: operations["postAdminContent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/content/image": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Upload a public content image (multipart `file`; sniffed, re-encoded without metadata) */
    post: operations["postAdminContentImage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/content/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One item with every language's state */
    get: operations["getAdminContentById"];
    /** Edit settings and schedule, set a language's draft (null removes the draft); audited */
    put: operations["putAdminContentById"];
    post?: never;
    /** Delete an item (a page returns to its shipped text); audited */
    delete: operations["deleteAdminContentById"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/content/{id}/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A language's draft (else its published text) rendered as readers would get it */
    get: operations["getAdminContentByIdPreview"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/content/{id}/publish": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Publish every draft (versions + 1); a legal or risk item only with a variant in every tenant language (409 CONTENT_LANGUAGES_MISSING); audited */
    post: operations["postAdminContentByIdPublish"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/content/{id}/unpublish": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Take an item off the readers' screens (pages cannot be); audited */
    post: operations["postAdminContentByIdUnpublish"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/coin-applications": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The coin application queue, newest first */
    get: operations["getAdminCoinApplications"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/contact-messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Messages to customer service from the contact form, newest first */
    get: operations["getAdminContactMessages"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/support/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in customer's (or this browser's visitor) support conversation; marks customer service's replies read */
    get: operations["getSupportMessages"];
    put?: never;
    /** Write to customer service: text and (signed in) an uploaded image; a visitor's browser gets its conversation cookie; rate limited */
    post: operations["postSupportMessages"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/support/continue": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** After sign-in: this browser's visitor conversation joins the customer's */
    post: operations["postSupportContinue"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/support/conversations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The support inbox by status (open: waiting for an operator), newest first */
    get: operations["getAdminSupportConversations"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/support/conversations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One conversation with the customer's summary (masked as on the customers page); marks the customer's messages read */
    get: operations["getAdminSupportConversationsById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/support/conversations/{id}/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reply (audited): the conversation then waits for the customer */
    post: operations["postAdminSupportConversationsByIdMessages"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/support/conversations/{id}/assign": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Assign to an operator of support or admin, or to nobody (audited) */
    post: operations["postAdminSupportConversationsByIdAssign"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/support/conversations/{id}/close": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Close the conversation, or reopen it with `reopen: true` (audited) */
    post: operations["postAdminSupportConversationsByIdClose"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settlements/{orderNo}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A settled fast contract or closed position: the terms agreed, the outcome and the tape ticks used (sequence numbers in the symbol's hash chain); its owner, or anyone with its share link (`share`) */
    get: operations["getSettlementsByOrderNo"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settlements/{orderNo}/share": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The order's share link: anyone opening it sees the settlement and can verify it (the same link every time; owner only) */
    post: operations["postSettlementsByOrderNoShare"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/liabilities": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest epoch of the proof of liabilities: the Merkle sum tree's root, the totals per currency (units of 10^-8), the numbers of customer accounts (zero balances included) and of leaves, the leaves per customer */
    get: operations["getLiabilities"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/liabilities/proof": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in customer's leaves in the latest epoch: salt, balances, and every share's balances and path from the leaf up (side = where the sibling sits); a checker rebuilds each leaf id from its own user id */
    get: operations["getLiabilitiesProof"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/liabilities/epoch": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Build and publish a new epoch now (audit or admin role; audited) */
    post: operations["postAdminLiabilitiesEpoch"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/reports/liabilities": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest epoch's liabilities per currency against the recorded reserves (minus the external account; the wealth yield reserve apart); null before the first epoch */
    get: operations["getAdminReportsLiabilities"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/checkpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Signed checkpoints of this tenant, newest first (paged with ?limit=&cursor=): the audit chain head, each symbol's tape head and the latest liabilities root, signed with Ed25519; publicKey verifies them. Keep copies: a chain that disagrees with one fails verification */
    get: operations["getCheckpoints"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/checkpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Make a signed checkpoint now (audit or admin role; audited) */
    post: operations["postAdminCheckpoints"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/push/key": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The VAPID public key (the browser's applicationServerKey) */
    get: operations["getPushKey"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/push/subscriptions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Store this browser's push subscription for the signed-in customer (PushSubscription.toJSON(): an https endpoint, p256dh and auth in base64url); at most 10 devices, a new one replaces the oldest; an endpoint another account held leaves it */
    post: operations["postPushSubscriptions"];
    /** Forget this browser's push subscription (notifications off on this device) */
    delete: operations["deletePushSubscriptions"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/queues/live": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Server-sent events for the console: `counts` (waiting work per queue) after new work, `work` ([{queue, id}]) when items arrive on any instance */
    get: operations["getAdminQueuesLive"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/image/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Uploaded image bytes (not enveloped): the owner and operators reviewing it only */
    get: operations["getImageById"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ErrorEnvelope: {
      /** @description HTTP status, or -99 for an invalid session */
      code: number;
      /** @description localized by Accept-Language */
      message: string;
      data: {
        /** @example VALIDATION */
        error: string;
        fields?: {
          [key: string]: string;
        };
      };
    };
    ConfigValue: {
      configValue: string | string[];
    };
    CustomerLink: {
      configured: boolean;
      /** @enum {string} */
      mode: "widget" | "ai" | "redirect" | "iframe" | "none";
      url: string | null;
      raw: string;
    };
    Languages: {
      current: string;
      items: {
        id: string;
        name: string;
        flag: string;
        isShow: boolean;
        currencySymbol: string;
        timezone: string;
      }[];
    };
    Locale: {
      locale: string;
    };
    SmsCode: {
      resendAfterSeconds: number;
    };
    SmsCodeRequest: {
      /**
       * @description E.164
       * @example +12025550123
       */
      phone: string;
      /** @enum {string} */
      purpose: "register" | "reset";
    };
    UserInfo: {
      userId: string;
      /**
       * @description masked
       * @example +1202****123
       */
      phone: string;
      /** @enum {string} */
      certifyLevel: "none" | "junior" | "advanced";
      hasDrawPassword: boolean;
      inviteCode: string;
      createdAt: number;
      passwordResetAt: number | null;
      locale: string | null;
      /** @description TOTP two-factor is on */
      twoFactor: boolean;
      /** @description the anti-phishing code shown in every SMS and message (null: not set) */
      antiPhishing: string | null;
      /**
       * @description demo: the session acts as a demo account (virtual money)
       * @enum {string}
       */
      book: "live" | "demo";
      /** @description the user agreement's version accepted at registration (null: before versions) */
      agreementVersion: number | null;
    };
    RegisterRequest: {
      /**
       * @description E.164
       * @example +12025550123
       */
      phone: string;
      code: string;
      password: string;
      inviteCode?: string;
      /** @enum {boolean} */
      agree: true;
      agreementVersion?: number;
    };
    LoginRequest: {
      /**
       * @description E.164
       * @example +12025550123
       */
      phone: string;
      password: string;
      /** @example 123456 */
      totp?: string;
    };
    SignInHint: {
      antiPhishing: string | null;
    };
    SignInHintRequest: {
      /**
       * @description E.164
       * @example +12025550123
       */
      phone: string;
    };
    Done: Record<string, never>;
    ChangePasswordRequest: {
      oldPassword: string;
      newPassword: string;
    };
    ResetPasswordRequest: {
      /**
       * @description E.164
       * @example +12025550123
       */
      phone: string;
      code: string;
      newPassword: string;
    };
    DrawPasswordRequest: {
      password: string;
      confirm: string;
      oldPassword?: string;
      /** @description SMS code of POST /api/user/security-code */
      code?: string;
      /**
       * @description required instead when two-factor is on
       * @example 123456
       */
      totp?: string;
    };
    AntiPhishingRequest: {
      /** @example Tiger42 */
      word: string;
      /** @description SMS code of POST /api/user/security-code */
      code?: string;
      /**
       * @description required instead when two-factor is on
       * @example 123456
       */
      totp?: string;
    };
    TwoFactorSetup: {
      /** @description base32, shown once */
      secret: string;
      /** @description otpauth:// URI for authenticator apps (QR code) */
      uri: string;
    };
    TwoFactorCode: {
      /** @example 123456 */
      code: string;
    };
    DeviceSession: {
      id: string;
      /** @description browser and system from User-Agent */
      device: string | null;
      ip: string | null;
      createdAt: number;
      lastSeenAt: number;
      current: boolean;
    };
    LoginAttempt: {
      at: number;
      ip: string;
      device: string | null;
      /** @enum {string} */
      result: "success" | "wrongPassword" | "totpFailed" | "throttled" | "locked";
    };
    Assets: {
      rows: {
        /** @enum {string} */
        wallet: "spot" | "contract";
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        /** @example 1234.5 */
        available: string;
        /** @example 1234.5 */
        frozen: string;
        /** @example 1234.5 */
        total: string;
        /** @example 1234.5 */
        valueUsdt: string;
      }[];
      totals: {
        /** @example 1234.5 */
        availableUsdt: string;
        /** @example 1234.5 */
        frozenUsdt: string;
        /** @example 1234.5 */
        totalUsdt: string;
      };
      prices: {
        [key: string]: string;
      };
      /** @enum {string} */
      priceSource: "reference" | "market";
      approx: {
        currency: string;
        /** @example 1234.5 */
        rate: string;
        rateAt: number;
        /** @example 1234.5 */
        total: string;
      } | null;
    };
    FundFlow: {
      items: {
        journalId: string;
        type: string;
        ref: string;
        at: number;
        /** @enum {string} */
        wallet: "spot" | "contract";
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        /** @example 1234.5 */
        available: string;
        /** @example 1234.5 */
        frozen: string;
      }[];
      cursor: string | null;
    };
    Transfer: {
      transferId: string;
      journalId: string;
      /** @enum {string} */
      from: "spot" | "contract";
      /** @enum {string} */
      to: "spot" | "contract";
      /** @enum {string} */
      currency: "BTC" | "ETH" | "USDT";
      /** @example 1234.5 */
      amount: string;
      at: number;
      available: {
        /** @example 1234.5 */
        from: string;
        /** @example 1234.5 */
        to: string;
      };
    };
    TransferRequest: {
      /** @enum {string} */
      from: "spot" | "contract";
      /** @enum {string} */
      to: "spot" | "contract";
      /** @enum {string} */
      currency: "BTC" | "ETH" | "USDT";
      /**
       * @description decimal string, currency precision
       * @example 100.5
       */
      amount: string;
    };
    AccountExport: {
      /** @enum {string} */
      format: "tradewind-account-export";
      /** @enum {number} */
      version: 1;
      exportedAt: number;
      profile: components["schemas"]["UserInfo"];
      verification: {
        status: components["schemas"]["CertifyStatus"];
        submissions: {
          id: string;
          /** @enum {string} */
          level: "junior" | "advanced";
          status: string;
          reason: string | null;
          createdAt: number;
          decidedAt: number | null;
          junior: {
            name: string;
            /** @enum {string} */
            docType: "idCard" | "passport" | "drivingLicence";
            docNumber: string;
          } | null;
          images: {
            /** @enum {string} */
            role: "front" | "back" | "handheld";
            id: string;
            mime: string | null;
            base64?: string;
          }[] | null;
        }[];
      };
      paymentMethods: {
        id: string;
        /** @enum {string} */
        kind: "bank" | "crypto";
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        bank: {
          /** @enum {string} */
          region: "domestic" | "international";
          holder: string;
          number: string;
          bankName: string;
          bankAddress: string;
          branch: string;
          swift: string | null;
        } | null;
        crypto: {
          /** @enum {string} */
          type: "BTC" | "ETH" | "USDT-TRC20" | "USDT-ERC20";
          address: string;
        } | null;
        label: string;
        /** @description bound time */
        createdAt: number;
        /** @description from when a withdrawal may go to it (bound time + 24 h) */
        usableAt: number;
      }[];
      orders: {
        fast: components["schemas"]["FastOrder"][];
        spot: components["schemas"]["SpotOrder"][];
        wealth: components["schemas"]["WealthOrder"][];
      };
      positions: components["schemas"]["Position"][];
      fundFlow: {
        journalId: string;
        type: string;
        ref: string;
        at: number;
        /** @enum {string} */
        wallet: "spot" | "contract";
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        /** @example 1234.5 */
        available: string;
        /** @example 1234.5 */
        frozen: string;
      }[];
      recharges: {
        id: string;
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        channelId: string;
        channelName: string;
        amount: string;
        remitterName: string;
        remitterAccount: string;
        voucherImageId: string;
        /** @enum {string} */
        status: "auditing" | "passed" | "rejected";
        reason: string | null;
        createdAt: number;
        decidedAt: number | null;
        journalId: string | null;
        fee: string;
        history: {
          at: number;
          action: string;
        }[];
      }[];
      withdrawals: {
        id: string;
        methodLabel: string;
        /** @enum {string} */
        kind: "bank" | "crypto";
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        amount: string;
        fee: string;
        net: string;
        /** @enum {string} */
        status: "auditing" | "withdrawing" | "passed" | "rejected" | "frozen";
        reason: string | null;
        reference: string | null;
        createdAt: number;
        updatedAt: number;
        history: {
          at: number;
          action: string;
        }[];
      }[];
      messages: components["schemas"]["Message"][];
      signIns: components["schemas"]["LoginAttempt"][];
    };
    CertifyStatus: {
      /** @enum {string} */
      certifyLevel: "none" | "junior" | "advanced";
      junior: {
        /** @enum {string} */
        status: "authenticating" | "authenticated" | "rejected";
        reason: string | null;
        updatedAt: number;
      } | null;
      advanced: {
        /** @enum {string} */
        status: "authenticating" | "authenticated" | "rejected";
        reason: string | null;
        updatedAt: number;
      } | null;
      verifiedName: string | null;
    };
    FastOrder: {
      orderNo: string;
      symbol: string;
      /** @enum {string} */
      direction: "up" | "down";
      duration: number;
      rate: string;
      stake: string;
      entry: {
        time: number;
        price: string;
        seq?: number;
      };
      exit: {
        time: number;
        price: string;
        seq?: number;
      } | null;
      createTime: number;
      openTime: number;
      expiryTime: number;
      settlementTime: number | null;
      /** @enum {string} */
      status: "open" | "settled";
      /** @enum {string|null} */
      outcome: "win" | "lose" | "tie" | "refund" | null;
      payout: string | null;
      income: string | null;
    };
    SpotOrder: {
      orderNo: string;
      symbol: string;
      /** @enum {string} */
      side: "buy" | "sell";
      /** @enum {string} */
      type: "market" | "limit";
      qty: string;
      price: string;
      amount: string;
      fee: string;
      /** @enum {string} */
      status: "open" | "filled" | "cancelled";
      createTime: number;
      fillTime: number | null;
    };
    WealthOrder: {
      orderNo: string;
      productId: string;
      productName: string;
      /** @example 1000 */
      amount: string;
      /** @example 1000 */
      dailyRate: string;
      /** @example 1000 */
      apr: string;
      periodDays: number;
      /** @example 1000 */
      dailyIncome: string;
      /** @example 1000 */
      expectedIncome: string;
      /** @example 1000 */
      earned: string;
      paidDays: number;
      valueDate: number;
      maturity: number;
      nextPayout: number | null;
      daysLeft: number;
      /** @enum {string} */
      status: "underway" | "retired";
      createdAt: number;
      end: {
        /** @enum {string} */
        kind: "matured";
        at: number;
      } | {
        /** @enum {string} */
        kind: "redeemed";
        at: number;
        /** @example 1000 */
        penalty: string;
        /** @example 1000 */
        refund: string;
        daysLeft: number;
      } | null;
    };
    Position: {
      orderNo: string;
      symbol: string;
      /** @enum {string} */
      side: "long" | "short";
      lots: number;
      leverage: number;
      qty: string;
      openPrice: string;
      openTime: number;
      createTime: number;
      margin: string;
      openFee: string;
      feeRate: string;
      stopLoss: string | null;
      takeProfit: string | null;
      liquidationPrice: string;
      hedged: boolean;
      /** @enum {string} */
      status: "pending" | "holding" | "closed" | "cancelled";
      markPrice: string | null;
      unrealizedPnl: string | null;
      roe: string | null;
      realizedPnl: string;
      closeFee: string;
      holdingFees: string;
      closePrice: string | null;
      closeTime: number | null;
      /** @enum {string|null} */
      closeReason:
        | "manual"
        | "stopLoss"
        | "takeProfit"
        | "trailingStop"
        | "liquidation"
        | "hedged"
        | null;
      trailing: {
        callbackRate: string;
        fromPrice: string;
      } | null;
      oco: {
        lots: number;
        stopLoss: string;
        takeProfit: string;
      } | null;
      ocoFired: {
        /** @enum {string} */
        leg: "stopLoss" | "takeProfit";
        lots: number;
        price: string;
        time: number;
        pnl: string;
      }[];
    };
    Message: {
      id: string;
      at: number;
      kind: string;
      title: string;
      body: string;
      read: boolean;
      /** @description the customer's anti-phishing code, shown with every message (null: not set) */
      antiPhishing: string | null;
    };
    CustomerLimits: {
      dailyLoss: {
        value: string | null;
        pending: {
          value: string | null;
          from: number;
        } | null;
      };
      monthlyLoss: {
        value: string | null;
        pending: {
          value: string | null;
          from: number;
        } | null;
      };
      deposit: {
        value: string | null;
        pending: {
          value: string | null;
          from: number;
        } | null;
      };
      sessionReminder: {
        value: string | null;
        pending: {
          value: string | null;
          from: number;
        } | null;
      };
      coolingOffUntil: number | null;
      selfExcludedUntil: number | null;
      riskAck: {
        fast: number | null;
        leveraged: number | null;
      };
      usage: {
        dayNet: string;
        monthNet: string;
        deposits30d: string;
      };
    };
    LimitsRequest: {
      dailyLoss?: string | null;
      monthlyLoss?: string | null;
      deposit?: string | null;
      sessionReminder?: number | null;
    };
    CoolingOffRequest: {
      days: number;
    };
    SelfExclusionRequest: {
      months: number;
    };
    RiskAcknowledgementRequest: {
      /** @enum {string} */
      product: "fast" | "leveraged";
    };
    LossFigures: {
      items: {
        /** @enum {string} */
        product: "fast" | "leveraged";
        percent: string | null;
        accounts: number;
        losing: number;
        from: number;
        to: number;
      }[];
      computedAt: number | null;
    };
    QuoteList: {
      items: components["schemas"]["Quote"][];
      feed: string | null;
    };
    Quote: {
      symbol: string;
      name: string;
      base: string;
      priceDecimals: number;
      price: string;
      open: string;
      high: string;
      low: string;
      change: string;
      /** @description fraction, 0.0123 = +1.23 % */
      changePct: string;
      volume24h: string;
      turnover: string;
      time: number;
      stale: boolean;
    };
    Candles: {
      symbol: string;
      interval: string;
      candles: [
        number,
        string,
        string,
        string,
        string,
        string,
      ][];
    };
    TapeHead: {
      symbol: string;
      seq: number;
      time: number | null;
      hash: string;
    };
    TapeRange: {
      symbol: string;
      items: {
        seq: number;
        time: number;
        price: string;
        qty: string;
        hash: string;
      }[];
      prevHash: string | null;
      head: components["schemas"]["TapeHead"];
    };
    Fairness: {
      days: number;
      from: number;
      to: number;
      items: {
        symbol: string;
        duration: number;
        won: number;
        lost: number;
        tied: number;
        refunded: number;
        wonShare: string;
        lostShare: string;
        tiedShare: string;
      }[];
    };
    FastOptions: {
      symbol: string;
      enabled: boolean;
      stale: boolean;
      durations: {
        duration: number;
        rate: string;
        min: string;
        max: string;
      }[];
      termsVersion: number;
    };
    FastOrderRequest: {
      symbol: string;
      termsVersion?: number;
      /** @enum {string} */
      direction: "up" | "down";
      duration: number;
      /** @example 100 */
      stake: string;
    };
    ContractOptions: {
      symbol: string;
      enabled: boolean;
      stale: boolean;
      lot: string;
      leverages: number[];
      takerFee: string;
      brackets: {
        upTo: string | null;
        maxLeverage: number;
        mmr: string;
      }[];
      holdingFeeDaily: string;
      termsVersion: number;
    };
    ContractOrderRequest: {
      symbol: string;
      termsVersion?: number;
      /** @enum {string} */
      side: "long" | "short";
      lots: number;
      leverage: number;
      /** @enum {string} */
      type: "market" | "limit";
      price?: string;
      stopLoss?: string;
      takeProfit?: string;
    };
    ExchangeQuote: {
      quoteId: string;
      /** @enum {string} */
      from: "BTC" | "ETH" | "USDT";
      /** @enum {string} */
      to: "BTC" | "ETH" | "USDT";
      amount: string;
      rate: string;
      gross: string;
      fee: string;
      receive: string;
      expiresAt: number;
    };
    ExchangeConfirmed: {
      quoteId: string;
      /** @enum {string} */
      from: "BTC" | "ETH" | "USDT";
      /** @enum {string} */
      to: "BTC" | "ETH" | "USDT";
      amount: string;
      rate: string;
      gross: string;
      fee: string;
      receive: string;
      expiresAt: number;
      journalId: string;
      at: number;
    };
    PositionAction: {
      closed: components["schemas"]["Position"] & (Record<string, never> | null);
      opened: components["schemas"]["Position"] & (Record<string, never> | null);
      reversed: boolean;
    };
    SpotOrderRequest: {
      symbol: string;
      termsVersion?: number;
      /** @enum {string} */
      side: "buy" | "sell";
      /** @enum {string} */
      type: "market" | "limit";
      qty: string;
      price?: string;
    };
    OperatorSignedIn: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      status: "signedIn";
      expiresAt: number;
      roles: ("admin" | "funds" | "identity" | "content" | "risk" | "support" | "audit")[];
    };
    OperatorEnrolmentRequired: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      status: "enrolmentRequired";
      enrolToken: string;
      secret: string;
      uri: string;
      expiresAt: number;
    };
    OperatorLoginRequest: {
      username: string;
      password: string;
      totp?: string;
    };
    DemoAccounts: {
      items: {
        accountId: string;
        /** @description a visitor's demo account (no live account) */
        visitor: boolean;
        /** @description practice period: 1, then +1 at every reset */
        period: number;
        periodStart: number;
        /** @description USDT the period started with */
        startBalance: string;
        resets: number;
        createdAt: number;
        of: string | null;
        balances: {
          wallet: string;
          currency: string;
          available: string;
          frozen: string;
        }[];
      }[];
      total: number;
    };
    JsonValue: unknown;
    RechargeChannelRequest: {
      id: string;
      /** @enum {string} */
      currency: "BTC" | "ETH" | "USDT";
      /** @enum {string} */
      kind: "bank" | "crypto";
      name: string;
      details: {
        [key: string]: string;
      };
      instructions: string;
      enabled: boolean;
    };
    WithdrawSettingsRequest: {
      enabled: boolean;
      turnoverRatio: string;
      rules: {
        USDT: {
          min: string;
          max: string;
          feeRate: string;
          minFee: string;
          fourEyes?: string;
        };
        BTC: {
          min: string;
          max: string;
          feeRate: string;
          minFee: string;
          fourEyes?: string;
        };
        ETH: {
          min: string;
          max: string;
          feeRate: string;
          minFee: string;
          fourEyes?: string;
        };
      };
    };
    BulkPassRequest: {
      ids: string[];
    };
    DecisionRequest: {
      reason?: string;
      reference?: string;
    };
    RechargeRequest: {
      /** @enum {string} */
      currency: "BTC" | "ETH" | "USDT";
      channelId: string;
      /**
       * @description decimal string, currency precision
       * @example 100.5
       */
      amount: string;
      remitterName: string;
      remitterAccount: string;
      voucherImageId: string;
    };
    WithdrawPreview: {
      enabled: boolean;
      methods: {
        id: string;
        /** @enum {string} */
        kind: "bank" | "crypto";
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        bank: {
          /** @enum {string} */
          region: "domestic" | "international";
          holder: string;
          number: string;
          bankName: string;
          bankAddress: string;
          branch: string;
          swift: string | null;
        } | null;
        crypto: {
          /** @enum {string} */
          type: "BTC" | "ETH" | "USDT-TRC20" | "USDT-ERC20";
          address: string;
        } | null;
        label: string;
        /** @description bound time */
        createdAt: number;
        /** @description from when a withdrawal may go to it (bound time + 24 h) */
        usableAt: number;
      }[];
      held: {
        id: string;
        usableAt: number;
      }[];
      /** @enum {string} */
      currency: "BTC" | "ETH" | "USDT";
      available: string;
      min: string;
      max: string;
      feeRate: string;
      feePercent: string;
      minFee: string;
      fee: string | null;
      net: string | null;
      turnover: {
        required: string;
        traded: string;
        remaining: string;
      };
    };
    PaymentMethodRequest: {
      /** @enum {string} */
      kind: "bank";
      /** @enum {string} */
      region: "domestic" | "international";
      holder: string;
      number: string;
      bankName: string;
      bankAddress: string;
      branch: string;
      swift?: string;
      /** @description SMS code of POST /api/user/security-code */
      code?: string;
      /**
       * @description required instead when two-factor is on
       * @example 123456
       */
      totp?: string;
    } | {
      /** @enum {string} */
      kind: "crypto";
      /** @enum {string} */
      type: "BTC" | "ETH" | "USDT-TRC20" | "USDT-ERC20";
      address: string;
      /** @description SMS code of POST /api/user/security-code */
      code?: string;
      /**
       * @description required instead when two-factor is on
       * @example 123456
       */
      totp?: string;
    };
    WithdrawRequest: {
      methodId: string;
      /**
       * @description decimal string, currency precision
       * @example 100.5
       */
      amount: string;
      drawPassword: string;
      /** @example 123456 */
      totp?: string;
    };
    Upload: {
      imageId: string;
    };
    JuniorCertifyRequest: {
      name: string;
      /** @enum {string} */
      docType: "idCard" | "passport" | "drivingLicence";
      docNumber: string;
      country: string;
    };
    AdvancedCertifyRequest: {
      frontImageId: string;
      backImageId: string;
      handheldImageId: string;
    };
    MessagePage: {
      items: components["schemas"]["Message"][];
      cursor: string | null;
      unread: number;
    };
    AlertList: {
      items: components["schemas"]["Alert"][];
      max: number;
    };
    Alert: {
      id: string;
      symbol: string;
      /** @enum {string} */
      kind: "above" | "below" | "move";
      value: string;
      /** @enum {string} */
      status: "active" | "fired";
      createdAt: number;
      fired: {
        seq: number | null;
        time: number;
        price: string;
      } | null;
    };
    AlertBody: {
      /** @enum {string} */
      symbol: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
      /** @enum {string} */
      kind: "above" | "below" | "move";
      value: string;
    };
    NotificationPage: {
      items: components["schemas"]["Notification"][];
      cursor: string | null;
      unread: number;
    };
    Notification: {
      id: string;
      at: number;
      /** @enum {string} */
      kind:
        | "priceAlert"
        | "fastSettled"
        | "stopFired"
        | "liquidationWarning"
        | "liquidation"
        | "limitFilled"
        | "recharge"
        | "withdrawal"
        | "wealth"
        | "signIn";
      title: string;
      body: string;
      url: string | null;
      read: boolean;
    };
    NotifyPrefs: {
      priceAlert: {
        inApp: boolean;
        push: boolean;
      };
      fastSettled: {
        inApp: boolean;
        push: boolean;
      };
      stopFired: {
        inApp: boolean;
        push: boolean;
      };
      liquidation: {
        inApp: boolean;
        push: boolean;
      };
      limitFilled: {
        inApp: boolean;
        push: boolean;
      };
      recharge: {
        inApp: boolean;
        push: boolean;
      };
      withdrawal: {
        inApp: boolean;
        push: boolean;
      };
      wealth: {
        inApp: boolean;
        push: boolean;
      };
      signIn: {
        inApp: boolean;
        push: boolean;
      };
      liquidationWarning: {
        inApp: boolean;
        push: boolean;
        ratio: number;
      };
    };
    WealthProducts: {
      items: components["schemas"]["WealthProduct"][];
      /** @example 1000 */
      reserve: string;
      /** @example 1000 */
      unpaid: string;
      /** @example 1000 */
      coverage: string | null;
    };
    WealthProduct: {
      id: string;
      name: string;
      /** @enum {string} */
      currency: "USDT";
      /** @example 1000 */
      dailyRate: string;
      /** @example 1000 */
      apr: string;
      periodDays: number;
      /** @example 1000 */
      minAmount: string;
      /** @example 1000 */
      maxAmount: string;
      /** @example 1000 */
      cap: string;
      /** @example 1000 */
      hosted: string;
      /** @example 1000 */
      redeemRatio: string;
      /** @example 1000 */
      turnoverRatio: string;
      /** @example 1000 */
      coverage: string | null;
      open: boolean;
    };
    WealthPreview: {
      productId: string;
      /** @example 1000 */
      amount: string;
      /** @example 1000 */
      dailyRate: string;
      /** @example 1000 */
      apr: string;
      /** @example 1000 */
      dailyIncome: string;
      /** @example 1000 */
      expectedIncome: string;
      valueDate: number;
      firstPayout: number;
      maturity: number;
      /** @example 1000 */
      redeemRatio: string;
      redeemExample: {
        daysLeft: number;
        /** @example 1000 */
        penalty: string;
        /** @example 1000 */
        refund: string;
      };
    };
    WealthOrders: {
      items: components["schemas"]["WealthOrder"][];
    };
    WealthRedeemQuote: {
      quoteId: string;
      orderNo: string;
      /** @example 1000 */
      amount: string;
      daysLeft: number;
      /** @example 1000 */
      redeemRatio: string;
      /** @example 1000 */
      penalty: string;
      /** @example 1000 */
      refund: string;
      /** @example 1000 */
      earned: string;
      expiresAt: number;
      validForMs: number;
    };
    WealthOrderRequest: {
      productId: string;
      amount: string;
    };
    WealthRedeemRequest: {
      /** Format: uuid */
      quoteId: string;
    };
    DemoStatus: {
      accountId: string;
      /** @description a visitor's demo account (no live account) */
      visitor: boolean;
      /** @description practice period: 1, then +1 at every reset */
      period: number;
      periodStart: number;
      /** @description USDT the period started with */
      startBalance: string;
      resets: number;
      createdAt: number;
    };
    DemoState: {
      /** @enum {string} */
      book: "live" | "demo";
      demo: components["schemas"]["DemoStatus"] & (Record<string, never> | null);
    };
    Proposal: {
      id: string;
      /** @enum {string} */
      kind:
        | "wealth.reserve"
        | "balance.adjust"
        | "products.fast"
        | "products.leveraged"
        | "products.spot"
        | "products.exchange"
        | "products.wealth"
        | "withdrawal.pass"
        | "withdraw.fourEyes"
        | "operator.create"
        | "operator.roles"
        | "operator.enable"
        | "operator.resetTotp"
        | "customer.erase"
        | "customer.professional";
      payload: {
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        from: string;
        to: string;
        reason: string;
      } | {
        amount: string;
        /** @enum {string} */
        currency: "USDT";
        reason: string;
      } | {
        userId: string;
        /** @enum {string} */
        wallet: "spot" | "contract";
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        amount: string;
        reason: string;
      } | {
        /** @enum {string} */
        section: "fast" | "leveraged" | "spot" | "exchange";
        before: {
          symbols: {
            /** @enum {string} */
            code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
            enabled: boolean;
          }[];
          options: {
            duration: number;
            rate: string;
            min: string;
            max: string;
          }[];
        } | {
          symbols: {
            /** @enum {string} */
            code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
            enabled: boolean;
            leverage: number[];
            takerFee: string;
            brackets: {
              upTo: string | null;
              maxLeverage: number;
              mmr: string;
            }[];
          }[];
          holdingFeeDaily: string;
        } | {
          symbols: {
            /** @enum {string} */
            code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
            enabled: boolean;
          }[];
          fee: string;
        } | {
          fee: string;
        };
        after: {
          symbols: {
            /** @enum {string} */
            code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
            enabled: boolean;
          }[];
          options: {
            duration: number;
            rate: string;
            min: string;
            max: string;
          }[];
        } | {
          symbols: {
            /** @enum {string} */
            code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
            enabled: boolean;
            leverage: number[];
            takerFee: string;
            brackets: {
              upTo: string | null;
              maxLeverage: number;
              mmr: string;
            }[];
          }[];
          holdingFeeDaily: string;
        } | {
          symbols: {
            /** @enum {string} */
            code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
            enabled: boolean;
          }[];
          fee: string;
        } | {
          fee: string;
        };
        reason: string;
      } | {
        before: {
          id: string;
          name: string;
          dailyRate: string;
          periodDays: number;
          minAmount: string;
          maxAmount: string;
          cap: string;
          redeemRatio: string;
          turnoverRatio: string;
          enabled: boolean;
        }[];
        after: {
          id: string;
          name: string;
          dailyRate: string;
          periodDays: number;
          minAmount: string;
          maxAmount: string;
          cap: string;
          redeemRatio: string;
          turnoverRatio: string;
          enabled: boolean;
        }[];
        reason: string;
      } | {
        withdrawalId: string;
        userId: string;
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        amount: string;
        net: string;
        method: {
          /** @enum {string} */
          kind: "bank" | "crypto";
          label: string;
          details: {
            [key: string]: string | null;
          };
        };
        reason: string;
      } | {
        username: string;
        phone: string;
        roles: ("admin" | "funds" | "identity" | "content" | "risk" | "support" | "audit")[];
      } | {
        username: string;
        before: ("admin" | "funds" | "identity" | "content" | "risk" | "support" | "audit")[];
        after: ("admin" | "funds" | "identity" | "content" | "risk" | "support" | "audit")[];
      } | {
        username: string;
      } | {
        userId: string;
        professional: boolean;
        reason: string;
      } | {
        userId: string;
        reason: string;
      };
      payloadHash: string;
      target: string;
      proposer: string;
      /** @enum {string} */
      status: "pending" | "approved" | "rejected" | "withdrawn";
      createdAt: number;
      expiresAt: number;
      decidedBy: string | null;
      decidedAt: number | null;
      reason: string | null;
      journalId: string | null;
      expired: boolean;
    };
    ProposalRequest: {
      /** @enum {string} */
      kind: "wealth.reserve";
      amount: string;
      reason: string;
    } | {
      /** @enum {string} */
      kind: "balance.adjust";
      userId: string;
      /** @enum {string} */
      wallet: "spot" | "contract";
      /** @enum {string} */
      currency: "BTC" | "ETH" | "USDT";
      amount: string;
      reason: string;
    } | {
      /** @enum {string} */
      kind: "withdraw.fourEyes";
      /** @enum {string} */
      currency: "BTC" | "ETH" | "USDT";
      amount: string;
      reason: string;
    } | {
      /** @enum {string} */
      kind: "customer.professional";
      userId: string;
      professional: boolean;
      reason: string;
    };
    ReasonRequest: {
      reason: string;
    };
    WealthProductsChange: {
      items: {
        id: string;
        name: string;
        dailyRate: string;
        periodDays: number;
        minAmount: string;
        maxAmount: string;
        cap: string;
        redeemRatio: string;
        turnoverRatio?: string;
        enabled: boolean;
      }[];
      /** @default Wealth products update */
      reason: string;
    };
    TermsChangeRequest: {
      terms?: unknown;
      reason: string;
    };
    CustomerHit: {
      userId: string;
      phone: string;
      verifiedName: string | null;
      /** @enum {string} */
      certifyLevel: "none" | "junior" | "advanced";
      /** @enum {string} */
      book: "live" | "demo";
      createdAt: number;
      locked: boolean;
      /** @enum {string} */
      matched: "phone" | "userId" | "name" | "document";
    };
    CustomerPage: {
      userId: string;
      phone: string;
      /** @enum {string} */
      book: "live" | "demo";
      createdAt: number;
      /** @enum {string} */
      certifyLevel: "none" | "junior" | "advanced";
      twoFactor: boolean;
      locale: string | null;
      locked: {
        at: number;
        by: string;
        reason: string;
      } | null;
      erased: {
        at: number;
        proposal: string;
        pseudonym: string;
      } | null;
      professional: {
        at: number;
        proposal: string;
        by: string;
      } | null;
      sensitive: boolean;
      balances: Record<string, never>[];
      positions: Record<string, never>[];
      fastOrders: Record<string, never>[];
      spotOrders: Record<string, never>[];
      wealthOrders: Record<string, never>[];
      recharges: Record<string, never>[];
      withdrawals: Record<string, never>[];
      verification?: Record<string, never>;
      paymentMethods: Record<string, never>[];
      messages: Record<string, never>[];
      sessions: Record<string, never>[];
      logins: Record<string, never>[];
    };
    CustomerLockReply: {
      userId: string;
      locked: {
        at: number;
        by: string;
        reason: string;
      } | null;
    };
    CustomerMessageRequest: {
      title: string;
      body: string;
    };
    SiteSettings: {
      version: number;
      /** @enum {string} */
      isClose: "Y" | "N";
      customerUrl: string;
      /** @enum {string} */
      invitePolicy: "required" | "optional" | "off";
      inviteCodes: string[];
      languages:
        ("zh-CN" | "zh-TW" | "en" | "vi" | "th" | "ja" | "de" | "fr" | "es" | "uk" | "ko")[];
      demo: {
        startBalance: string;
        contractPart: string;
      };
      referenceRates: {
        EUR?: {
          rate: string;
          at: number;
        };
        USD?: {
          rate: string;
          at: number;
        };
        VND?: {
          rate: string;
          at: number;
        };
        THB?: {
          rate: string;
          at: number;
        };
        JPY?: {
          rate: string;
          at: number;
        };
        KRW?: {
          rate: string;
          at: number;
        };
        UAH?: {
          rate: string;
          at: number;
        };
        CNY?: {
          rate: string;
          at: number;
        };
      };
      restrictedCountries: {
        fast?: string[];
        leveraged?: string[];
      };
      professionalClients: boolean;
      updatedAt: number | null;
      updatedBy: string | null;
    };
    SiteSettingsRequest: {
      version: number;
      /** @enum {string} */
      isClose: "Y" | "N";
      customerUrl: string;
      /** @enum {string} */
      invitePolicy: "required" | "optional" | "off";
      inviteCodes?: string[];
      languages:
        ("zh-CN" | "zh-TW" | "en" | "vi" | "th" | "ja" | "de" | "fr" | "es" | "uk" | "ko")[];
      demo: {
        startBalance: string;
        contractPart: string;
      };
      referenceRates?: {
        EUR?: string;
        USD?: string;
        VND?: string;
        THB?: string;
        JPY?: string;
        KRW?: string;
        UAH?: string;
        CNY?: string;
      };
      restrictedCountries?: {
        fast?: string[];
        leveraged?: string[];
      };
      professionalClients?: boolean;
    };
    OperatorInvitationRequest: {
      username: string;
      code: string;
    };
    OperatorEnrolRequest: {
      enrolToken: string;
      totp: string;
      newPassword: string;
    };
    Operator: {
      username: string;
      roles: ("admin" | "funds" | "identity" | "content" | "risk" | "support" | "audit")[];
      disabled: boolean;
      enrolled: boolean;
      invited: boolean;
      createdAt: number;
      createdBy: string | null;
      lastLoginAt: number | null;
      passwordChangedAt: number | null;
      self: boolean;
      actions: ("roles" | "disable" | "enable" | "resetTotp")[];
    };
    CreateOperatorRequest: {
      username: string;
      /**
       * @description E.164
       * @example +12025550123
       */
      phone: string;
      roles: ("admin" | "funds" | "identity" | "content" | "risk" | "support" | "audit")[];
    };
    OperatorRolesRequest: {
      roles: ("admin" | "funds" | "identity" | "content" | "risk" | "support" | "audit")[];
    };
    OperatorSession: {
      id: string;
      createdAt: number;
      expiresAt: number;
      ip: string | null;
      current: boolean;
    };
    BannerList: {
      items: {
        id: string;
        /** @description /api/image/<id> */
        image: string;
        link: string | null;
        title: string;
        /**
         * @description the language of the text served
         * @enum {string}
         */
        servedLocale:
          | "zh-CN"
          | "zh-TW"
          | "en"
          | "vi"
          | "th"
          | "ja"
          | "de"
          | "fr"
          | "es"
          | "uk"
          | "ko";
      }[];
    };
    ContentList: {
      items: components["schemas"]["ContentSummary"][];
      cursor: string | null;
    };
    ContentSummary: {
      id: string;
      title: string;
      summary: string;
      publishedAt: number;
      /**
       * @description the language of the text served
       * @enum {string}
       */
      servedLocale:
        | "zh-CN"
        | "zh-TW"
        | "en"
        | "vi"
        | "th"
        | "ja"
        | "de"
        | "fr"
        | "es"
        | "uk"
        | "ko";
      /** @enum {string|null} */
      popup: "once" | "everyLogin" | "untilAck" | null;
    };
    NoticeDialog: {
      id: string;
      /** @enum {string} */
      kind: "banner" | "notice" | "news" | "help" | "page";
      title: string;
      summary: string;
      /** @description rendered on the server; safe to insert */
      html: string;
      publishedAt: number;
      /** @description the item's version (bumped on every publish) */
      version: number;
      /**
       * @description the language of the text served
       * @enum {string}
       */
      servedLocale:
        | "zh-CN"
        | "zh-TW"
        | "en"
        | "vi"
        | "th"
        | "ja"
        | "de"
        | "fr"
        | "es"
        | "uk"
        | "ko";
      category: string | null;
      /** @enum {string|null} */
      popup: "once" | "everyLogin" | "untilAck" | null;
    } | null;
    NoticeAck: {
      id: string;
      /** @enum {boolean} */
      acknowledged: true;
    };
    ContentDetail: {
      id: string;
      /** @enum {string} */
      kind: "banner" | "notice" | "news" | "help" | "page";
      title: string;
      summary: string;
      /** @description rendered on the server; safe to insert */
      html: string;
      publishedAt: number;
      /** @description the item's version (bumped on every publish) */
      version: number;
      /**
       * @description the language of the text served
       * @enum {string}
       */
      servedLocale:
        | "zh-CN"
        | "zh-TW"
        | "en"
        | "vi"
        | "th"
        | "ja"
        | "de"
        | "fr"
        | "es"
        | "uk"
        | "ko";
      category: string | null;
      /** @enum {string|null} */
      popup: "once" | "everyLogin" | "untilAck" | null;
    };
    HelpCentre: {
      categories: {
        name: string;
        items: components["schemas"]["ContentSummary"][];
      }[];
    };
    InfoPage: {
      id: string;
      /** @enum {string} */
      kind: "banner" | "notice" | "news" | "help" | "page";
      title: string;
      summary: string;
      /** @description rendered on the server; safe to insert */
      html: string;
      publishedAt: number;
      /** @description the item's version (bumped on every publish) */
      version: number;
      /**
       * @description the language of the text served
       * @enum {string}
       */
      servedLocale:
        | "zh-CN"
        | "zh-TW"
        | "en"
        | "vi"
        | "th"
        | "ja"
        | "de"
        | "fr"
        | "es"
        | "uk"
        | "ko";
      category: string | null;
      /** @enum {string|null} */
      popup: "once" | "everyLogin" | "untilAck" | null;
      /** @enum {string} */
      slug:
        | "about"
        | "terms"
        | "agreement"
        | "privacy"
        | "legal"
        | "download"
        | "coinApply"
        | "risk"
        | "rates";
      legal: boolean;
      /** @description the rates page only: from live configuration */
      rates: {
        fast: {
          duration: number;
          /** @example 0.85 */
          rate: string;
          /** @example 0.85 */
          min: string;
          /** @example 0.85 */
          max: string;
        }[];
        leveraged: {
          symbol: string;
          leverages: number[];
          /** @example 0.85 */
          takerFee: string;
          brackets: {
            /** @example 0.85 */
            upTo: string | null;
            maxLeverage: number;
            /** @example 0.85 */
            mmr: string;
          }[];
        }[];
        /** @example 0.85 */
        holdingFeeDaily: string;
        /** @example 0.85 */
        spotFee: string;
        /** @example 0.85 */
        exchangeFee: string;
        recharge: {
          currencies: string[];
          channels: {
            currency: string;
            name: string;
          }[];
          /**
           * @description no minimum: null
           * @example 0.85
           */
          min: string | null;
        };
        withdraw: {
          enabled: boolean;
          /** @example 0.85 */
          turnoverRatio: string;
          rules: {
            currency: string;
            /** @example 0.85 */
            min: string;
            /** @example 0.85 */
            max: string;
            /** @example 0.85 */
            feeRate: string;
            /** @example 0.85 */
            minFee: string;
          }[];
        };
        wealth: {
          id: string;
          name: string;
          /** @example 0.85 */
          dailyRate: string;
          /** @example 0.85 */
          apr: string;
          periodDays: number;
          /** @example 0.85 */
          minAmount: string;
          /** @example 0.85 */
          maxAmount: string;
          /** @example 0.85 */
          redeemRatio: string;
        }[];
        products: string[];
      } | null;
    };
    Received: {
      id: string;
      receivedAt: number;
    };
    CoinApplicationRequest: {
      project: string;
      symbol: string;
      website: string;
      contact: string;
      description: string;
    };
    ContactRequest: {
      name: string;
      /** Format: email */
      email: string;
      message: string;
    };
    ContentAdminItems: {
      items: components["schemas"]["ContentAdminItem"][];
    };
    ContentAdminItem: {
      id: string;
      /** @enum {string} */
      kind: "banner" | "notice" | "news" | "help" | "page";
      /** @enum {string|null} */
      slug:
        | "about"
        | "terms"
        | "agreement"
        | "privacy"
        | "legal"
        | "download"
        | "coinApply"
        | "risk"
        | null;
      category: string | null;
      image: string | null;
      link: string | null;
      order: number;
      /** @enum {string|null} */
      popup: "once" | "everyLogin" | "untilAck" | null;
      from: number | null;
      to: number | null;
      legal: boolean;
      /** @enum {string} */
      status: "draft" | "published";
      version: number;
      publishedAt: number | null;
      createdAt: number;
      updatedAt: number;
      variants: {
        "zh-CN"?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        "zh-TW"?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        en?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        vi?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        th?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        ja?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        de?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        fr?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        es?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        uk?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
        ko?: {
          /** @description a draft waits (see the preview) */
          draft: boolean;
          published: {
            version: number;
            publishedAt: number;
          } | null;
          updatedAt: number;
        };
      };
      /** @description a page still showing the shipped default text */
      shipped: boolean;
      /** @description tenant languages without a variant (a legal item cannot be published until none) */
      missingLocales:
        ("zh-CN" | "zh-TW" | "en" | "vi" | "th" | "ja" | "de" | "fr" | "es" | "uk" | "ko")[];
    };
    ContentCreate: {
      /** @enum {string} */
      kind: "banner" | "notice" | "news" | "help" | "page";
      /** @enum {string} */
      slug?:
        | "about"
        | "terms"
        | "agreement"
        | "privacy"
        | "legal"
        | "download"
        | "coinApply"
        | "risk";
      category?: string | null;
      image?: string | null;
      link?: string | null;
      order?: number;
      /** @enum {string|null} */
      popup?: "once" | "everyLogin" | "untilAck" | null;
      from?: number | null;
      to?: number | null;
      legal?: boolean;
      variants?: {
        "zh-CN"?: components["schemas"]["ContentVariantInput"];
        "zh-TW"?: components["schemas"]["ContentVariantInput"];
        en?: components["schemas"]["ContentVariantInput"];
        vi?: components["schemas"]["ContentVariantInput"];
        th?: components["schemas"]["ContentVariantInput"];
        ja?: components["schemas"]["ContentVariantInput"];
        de?: components["schemas"]["ContentVariantInput"];
        fr?: components["schemas"]["ContentVariantInput"];
        es?: components["schemas"]["ContentVariantInput"];
        uk?: components["schemas"]["ContentVariantInput"];
        ko?: components["schemas"]["ContentVariantInput"];
      };
    };
    ContentVariantInput: {
      title: string;
      /** @default  */
      summary: string;
      /** @default  */
      body: string;
    } | null;
    ContentEdit: {
      category?: string | null;
      image?: string | null;
      link?: string | null;
      order?: number;
      /** @enum {string|null} */
      popup?: "once" | "everyLogin" | "untilAck" | null;
      from?: number | null;
      to?: number | null;
      legal?: boolean;
      variants?: {
        "zh-CN"?: components["schemas"]["ContentVariantInput"];
        "zh-TW"?: components["schemas"]["ContentVariantInput"];
        en?: components["schemas"]["ContentVariantInput"];
        vi?: components["schemas"]["ContentVariantInput"];
        th?: components["schemas"]["ContentVariantInput"];
        ja?: components["schemas"]["ContentVariantInput"];
        de?: components["schemas"]["ContentVariantInput"];
        fr?: components["schemas"]["ContentVariantInput"];
        es?: components["schemas"]["ContentVariantInput"];
        uk?: components["schemas"]["ContentVariantInput"];
        ko?: components["schemas"]["ContentVariantInput"];
      };
    };
    ContentDeleted: {
      id: string;
      /** @enum {boolean} */
      deleted: true;
    };
    ContentPreview: {
      id: string;
      /** @enum {string} */
      locale: "zh-CN" | "zh-TW" | "en" | "vi" | "th" | "ja" | "de" | "fr" | "es" | "uk" | "ko";
      /** @enum {string} */
      state: "draft" | "published";
      title: string;
      summary: string;
      html: string;
    };
    CoinApplicationPage: {
      items: {
        id: string;
        project: string;
        symbol: string;
        website: string;
        contact: string;
        description: string;
        ip: string;
        userId: string | null;
        at: number;
      }[];
      cursor: string | null;
    };
    ContactMessagePage: {
      items: {
        id: string;
        name: string;
        email: string;
        message: string;
        ip: string;
        userId: string | null;
        at: number;
      }[];
      cursor: string | null;
    };
    SupportThread: {
      conversation: components["schemas"]["SupportConversation"] | null;
      messages: components["schemas"]["SupportMessage"][];
      visitorOffer: {
        messages: number;
      } | null;
    };
    SupportConversation: {
      id: string;
      /** @enum {string} */
      status: "open" | "waiting" | "closed";
      userId: string | null;
      locale: string;
      assignee: string | null;
      createdAt: number;
      updatedAt: number;
      preview: string;
      unread: boolean;
    };
    SupportMessage: {
      id: string;
      at: number;
      /** @enum {string} */
      from: "customer" | "operator";
      operator: string | null;
      text: string;
      imageId: string | null;
      read: boolean;
    };
    SupportWrite: {
      /** @default  */
      text: string;
      imageId?: string;
    };
    SupportInbox: {
      items: components["schemas"]["SupportConversation"][];
      counts: {
        open: number;
        waiting: number;
      };
    };
    SupportDetail: {
      conversation: components["schemas"]["SupportConversation"];
      messages: components["schemas"]["SupportMessage"][];
      customer: components["schemas"]["SupportCustomer"];
      assignable: string[];
    };
    SupportCustomer: {
      userId: string;
      phone: string;
      /** @enum {string} */
      certifyLevel: "none" | "junior" | "advanced";
      verifiedName: string | null;
      locked: boolean;
      balances: {
        wallet: string;
        currency: string;
        total: string;
      }[];
      orders: {
        kind: string;
        symbol: string;
        at: number;
        status: string;
      }[];
      funds: {
        /** @enum {string} */
        kind: "recharge" | "withdrawal";
        amount: string;
        currency: string;
        status: string;
        at: number;
      }[];
    } | null;
    SupportReply: {
      text: string;
    };
    SupportAssign: {
      operator: string | null;
    };
    SupportClose: {
      /** @default false */
      reopen: boolean;
    };
    Settlement:
      | components["schemas"]["FastSettlement"]
      | components["schemas"]["PositionSettlement"];
    FastSettlement: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      kind: "fast";
      orderNo: string;
      symbol: string;
      ruleVersion: number;
      terms: {
        /** @enum {string} */
        direction: "up" | "down";
        stake: string;
        rate: string;
        duration: number;
        openTime: number;
        expiryTime: number;
      };
      outcome: {
        /** @enum {string} */
        result: "win" | "lose" | "tie" | "refund";
        payout: string;
        settlementTime: number | null;
      };
      ticks: {
        entry: components["schemas"]["SettlementTick"];
        exit: components["schemas"]["SettlementTick"] & (Record<string, never> | null);
      };
    };
    SettlementTick: {
      seq: number | null;
      time: number;
      price: string;
    };
    PositionSettlement: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      kind: "position";
      orderNo: string;
      symbol: string;
      ruleVersion: number;
      terms: {
        /** @enum {string} */
        side: "long" | "short";
        lots: number;
        qty: string;
        leverage: number;
        entry: string;
        margin: string;
        mmr: string;
        feeRate: string;
        stopLoss: string | null;
        takeProfit: string | null;
        liquidationPrice: string;
      };
      outcome: {
        /** @enum {string} */
        closeReason:
          | "manual"
          | "stopLoss"
          | "takeProfit"
          | "trailingStop"
          | "liquidation"
          | "hedged";
        realizedPnl: string;
        fees: {
          open: string;
          close: string;
          holding: string;
        };
        closeTime: number | null;
      };
      ticks: {
        fill: components["schemas"]["SettlementTick"];
        trigger: components["schemas"]["SettlementTick"];
      };
    };
    SettlementShare: {
      orderNo: string;
      token: string;
      url: string;
    };
    LiabilitiesEpoch: {
      /** @description the UTC date of a daily epoch (2026-11-25), or date-rHHMMSS for a requested one */
      epoch: string;
      /** @description sha-256, lowercase hex */
      root: string;
      totals: {
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        USDT: string;
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        BTC: string;
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        ETH: string;
      };
      /** @description the leaf format (2: each customer's balances split over `shares` leaves) */
      format: number;
      /** @description leaves in the tree, padding included */
      leaves: number;
      /** @description customer accounts in the tree (every live customer, zero balances included) */
      customers: number;
      /** @description leaves per customer */
      shares: number;
      /** @description when the balances were read (ms since the epoch, UTC) */
      balancesAt: number;
      /** @description ms since the epoch (UTC) */
      publishedAt: number;
    };
    LiabilitiesProof: {
      epoch: string;
      /** @description for display: the check rebuilds the leaves from the signed-in customer's id */
      userId: string;
      /** @description this customer's random salt in this epoch (hex) */
      salt: string;
      /** @description the customer's balances at the epoch: the shares' sum */
      balances: {
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        USDT: string;
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        BTC: string;
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        ETH: string;
      };
      /** @description every leaf of this customer */
      shares: {
        /** @description the share's index: leaf id sha256(userId|salt|share) */
        share: number;
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        USDT: string;
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        BTC: string;
        /**
         * @description a non-negative integer in units of 10^-8 of the currency
         * @example 123450000000
         */
        ETH: string;
        /** @description from the leaf up to the root */
        path: {
          /**
           * @description where the sibling sits
           * @enum {string}
           */
          side: "left" | "right";
          /** @description sha-256, lowercase hex */
          hash: string;
          /**
           * @description a non-negative integer in units of 10^-8 of the currency
           * @example 123450000000
           */
          USDT: string;
          /**
           * @description a non-negative integer in units of 10^-8 of the currency
           * @example 123450000000
           */
          BTC: string;
          /**
           * @description a non-negative integer in units of 10^-8 of the currency
           * @example 123450000000
           */
          ETH: string;
        }[];
      }[];
    };
    LiabilitiesReport: {
      epoch: string;
      publishedAt: number;
      /** @description the ledger read after the build had the same totals (no money moved meanwhile) */
      matches: boolean;
      rows: {
        /** @enum {string} */
        currency: "BTC" | "ETH" | "USDT";
        /**
         * @description the epoch's total
         * @example 1234.5
         */
        liabilities: string;
        /** @example 1234.5 */
        ledgerAfterBuild: string;
        /**
         * @description recorded reserves now: minus the external account
         * @example 1234.5
         */
        recorded: string;
        /**
         * @description of which the wealth yield reserve (USDT)
         * @example 1234.5
         */
        yieldReserve: string;
        /**
         * @description recorded - yield reserve - liabilities
         * @example 1234.5
         */
        surplus: string;
        /**
         * @description (recorded - yield reserve) / liabilities, %
         * @example 1234.5
         */
        coverage: string | null;
      }[];
    } | null;
    CheckpointList: {
      /** @description the raw Ed25519 public key checkpoints are signed with */
      publicKey: string;
      /** @description newest first */
      items: components["schemas"]["Checkpoint"][];
      cursor: string | null;
    };
    Checkpoint: {
      /** @description time-ordered */
      id: string;
      /** @enum {string} */
      kind: "hourly" | "requested";
      /** @description ms since the epoch (UTC) */
      time: number;
      /** @description the tenant's audit chain head (seq 0: none yet) */
      audit: {
        seq: number;
        /** @description lowercase hex */
        hash: string;
      };
      /** @description each symbol's tape head (seq 0: no tick yet; the hash is the genesis) */
      tapes: {
        [key: string]: {
          seq: number;
          /** @description lowercase hex */
          hash: string;
        };
      };
      /** @description the latest published liabilities epoch (null: none yet) */
      liabilities: {
        epoch: string;
        /** @description lowercase hex */
        root: string;
      } | null;
      /** @description the signed text: canonical JSON {"audit","liabilities","tapes","time","v":1} (keys sorted at every depth, no spaces) */
      payload: string;
      /** @description Ed25519 over the payload's UTF-8 bytes, hex */
      signature: string;
      /** @description the raw Ed25519 public key that signed it */
      publicKey: string;
    };
    PushKey: {
      /** @description the VAPID public key (base64url, uncompressed P-256): applicationServerKey */
      publicKey: string;
    };
    PushSubscribed: {
      endpoint: string;
      devices: number;
    };
    PushSubscribeBody: {
      /** @description the push service's URL for this browser (https) */
      endpoint: string;
      expirationTime?: number | null;
      keys: {
        /** @description the browser's P-256 public key, base64url */
        p256dh: string;
        /** @description the 16-byte auth secret, base64url */
        auth: string;
      };
    };
    PushUnsubscribed: {
      /** @description false: this endpoint was not the customer's */
      removed: boolean;
    };
    PushUnsubscribeBody: {
      /** @description the push service's URL for this browser (https) */
      endpoint: string;
    };
  };
  responses: {
    /** @description validation failed (`data.fields`: a localized message per field), malformed JSON, an unknown appKey, or a domain rule refused the request (`data.error` says which) */
    BadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "code": 400,
         *       "message": "Please check the highlighted fields",
         *       "data": {
         *         "error": "VALIDATION",
         *         "fields": {
         *           "amount": "Enter an amount"
         *         }
         *       }
         *     }
         */
        "application/json": components["schemas"]["ErrorEnvelope"];
      };
    };
    /** @description missing, invalid or expired session: envelope code -99 (sign in again) */
    Unauthorized: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "code": -99,
         *       "message": "Please sign in",
         *       "data": {
         *         "error": "UNAUTHORIZED"
         *       }
         *     }
         */
        "application/json": components["schemas"]["ErrorEnvelope"];
      };
    };
    /** @description the session may not do this (operator role, product switched off, demo account) */
    Forbidden: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "code": 403,
         *       "message": "Not allowed",
         *       "data": {
         *         "error": "FORBIDDEN"
         *       }
         *     }
         */
        "application/json": components["schemas"]["ErrorEnvelope"];
      };
    };
    /** @description the record changed state first (already decided, cancelled, filled, ...), or an Idempotency-Key reused with another request (IDEMPOTENCY_CONFLICT) */
    Conflict: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "code": 409,
         *       "message": "This key was used for another request",
         *       "data": {
         *         "error": "IDEMPOTENCY_CONFLICT"
         *       }
         *     }
         */
        "application/json": components["schemas"]["ErrorEnvelope"];
      };
    };
    /** @description body over the size limit (also when chunked) */
    PayloadTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "code": 413,
         *       "message": "Too large",
         *       "data": {
         *         "error": "PAYLOAD_TOO_LARGE"
         *       }
         *     }
         */
        "application/json": components["schemas"]["ErrorEnvelope"];
      };
    };
    /** @description throttled (RATE_LIMITED, LOCKED): `Retry-After` says when a slot frees up */
    TooManyRequests: {
      headers: {
        /** @description seconds to wait before trying again */
        "Retry-After"?: number;
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "code": 429,
         *       "message": "Too many attempts, try again in 15 minutes",
         *       "data": {
         *         "error": "LOCKED"
         *       }
         *     }
         */
        "application/json": components["schemas"]["ErrorEnvelope"];
      };
    };
    /** @description busy (STORE_BUSY: retry after `Retry-After` seconds), the market stale, the site or a channel closed */
    ServiceUnavailable: {
      headers: {
        /** @description seconds to wait before trying again */
        "Retry-After"?: number;
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "code": 503,
         *       "message": "Busy, please try again",
         *       "data": {
         *         "error": "STORE_BUSY"
         *       }
         *     }
         */
        "application/json": components["schemas"]["ErrorEnvelope"];
      };
    };
  };
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getConfig: {
    parameters: {
      query: {
        identify: "isClose" | "customerUrl" | "name" | "logo" | "products" | "invitePolicy";
        appKey?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ConfigValue"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerLink"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getLanguages: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Languages"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postLocale: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          locale: "zh-CN" | "zh-TW" | "en" | "vi" | "th" | "ja" | "de" | "fr" | "es" | "uk" | "ko";
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Locale"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postSmsCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "phone": "+12025550123",
         *       "purpose": "register"
         *     }
         */
        "application/json": components["schemas"]["SmsCodeRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SmsCode"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      /** @description SMS_SEND_FAILED: the SMS provider did not take the message (retry at once) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  postRegister: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "phone": "+12025550123",
         *       "code": "123456",
         *       "password": "Demo-2026",
         *       "agree": true
         *     }
         */
        "application/json": components["schemas"]["RegisterRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["UserInfo"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "phone": "+12025550123",
         *       "password": "Demo-2026"
         *     }
         */
        "application/json": components["schemas"]["LoginRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["UserInfo"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postLoginHint: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SignInHintRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SignInHint"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postLogout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Done"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getUserInfo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["UserInfo"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postUserPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ChangePasswordRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Done"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postUserPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ResetPasswordRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Done"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postUserDrawPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DrawPasswordRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["UserInfo"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postUserSecurityCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SmsCode"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      /** @description SMS_SEND_FAILED: the SMS provider did not take the message (retry at once) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  postUserAntiPhishing: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["AntiPhishingRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["UserInfo"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postUser2faSetup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["TwoFactorSetup"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postUser2faEnable: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TwoFactorCode"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["UserInfo"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postUser2faDisable: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TwoFactorCode"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["UserInfo"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getUserSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["DeviceSession"][];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteUserSessionsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Done"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getUserLogins: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["LoginAttempt"][];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAccountAssets: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Assets"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAccountFlow: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        type?:
          | "deposit"
          | "withdrawal"
          | "transfer"
          | "fast"
          | "contract"
          | "spot"
          | "exchange"
          | "fee"
          | "wealth"
          | "demo"
          | "adjustment";
        currency?: "BTC" | "ETH" | "USDT";
        wallet?: "spot" | "contract";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["FundFlow"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAccountTransfer: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "from": "spot",
         *       "to": "contract",
         *       "currency": "USDT",
         *       "amount": "100.5"
         *     }
         */
        "application/json": components["schemas"]["TransferRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Transfer"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAccountExport: {
    parameters: {
      query?: {
        /** @description 1: include the verification document images (base64) */
        images?: "0" | "1";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["AccountExport"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAccountLimits: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerLimits"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putAccountLimits: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["LimitsRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerLimits"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAccountLimitsCoolingOff: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CoolingOffRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerLimits"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAccountLimitsSelfExclusion: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SelfExclusionRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerLimits"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAccountRiskAcknowledgement: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RiskAcknowledgementRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerLimits"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getLossFigures: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["LossFigures"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getMarketSymbols: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["QuoteList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getMarketRising: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["QuoteList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getProductRecommend: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["QuoteList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getMarketSearch: {
    parameters: {
      query?: {
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["QuoteList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getMarketKline: {
    parameters: {
      query: {
        symbol: string;
        interval: "1m" | "5m" | "15m" | "30m" | "1h" | "1d" | "1w" | "1M" | "1Q" | "1Y";
        from?: number | null;
        to?: number | null;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Candles"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getOptionalProduct: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["QuoteList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postOptionalProductBySymbol: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        symbol: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              symbols: string[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteOptionalProductBySymbol: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        symbol: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              symbols: string[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTapeBySymbolHead: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        symbol: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["TapeHead"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTapeBySymbol: {
    parameters: {
      query?: {
        from?: number;
        to?: number;
        limit?: number;
      };
      header?: never;
      path: {
        symbol: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["TapeRange"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getFairness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Fairness"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getFastOptions: {
    parameters: {
      query: {
        symbol: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["FastOptions"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getFastOrders: {
    parameters: {
      query?: {
        status?: "open" | "settled";
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["FastOrder"][];
              cursor: string | null;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postFastOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "symbol": "BTCUSDT",
         *       "direction": "up",
         *       "duration": 60,
         *       "stake": "100"
         *     }
         */
        "application/json": components["schemas"]["FastOrderRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["FastOrder"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getContractOptions: {
    parameters: {
      query: {
        symbol: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContractOptions"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getContractPositions: {
    parameters: {
      query?: {
        status?: "pending" | "holding" | "closed" | "cancelled";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["Position"][];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractPositionsByIdTpsl: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          stopLoss?: string | null;
          takeProfit?: string | null;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Position"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "symbol": "BTCUSDT",
         *       "side": "long",
         *       "lots": 1,
         *       "leverage": 10,
         *       "type": "market"
         *     }
         */
        "application/json": components["schemas"]["ContractOrderRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Position"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractPositionsByIdClose: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          lots?: number;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Position"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractPositionsByIdTrailing: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          callbackRate: string | null;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Position"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractPositionsByIdOco: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          lots: number;
          stopLoss: string;
          takeProfit: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Position"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteContractPositionsByIdOco: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Position"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postExchangeQuote: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          from: "BTC" | "ETH" | "USDT";
          /** @enum {string} */
          to: "BTC" | "ETH" | "USDT";
          amount: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ExchangeQuote"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postExchangeConfirm: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uuid */
          quoteId: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ExchangeConfirmed"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractOrdersByIdCancel: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Position"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractOrdersByIdChase: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Position"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractPositionsByIdReverse: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["PositionAction"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContractPositionsByIdHedge: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["PositionAction"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getSpotOrders: {
    parameters: {
      query?: {
        status?: "open" | "filled" | "cancelled";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["SpotOrder"][];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postSpotOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "symbol": "BTCUSDT",
         *       "side": "buy",
         *       "type": "limit",
         *       "qty": "0.01",
         *       "price": "25000"
         *     }
         */
        "application/json": components["schemas"]["SpotOrderRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SpotOrder"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postSpotOrdersByIdCancel: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SpotOrder"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OperatorLoginRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data:
              | components["schemas"]["OperatorSignedIn"]
              | components["schemas"]["OperatorEnrolmentRequired"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminLogout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: Record<string, never>;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminDemo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["DemoAccounts"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminAudit: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        operator?: string;
        action?: string;
        from?: string;
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                at: number;
                operator: string;
                action: string;
                target: string;
                before: components["schemas"]["JsonValue"];
                after: components["schemas"]["JsonValue"];
                ip: string | null;
                seq?: number;
                prevHash?: string;
                hash?: string;
              }[];
              cursor: string | null;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminAuditVerify: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              ok: boolean;
              verifiedTo: number;
              head: number;
              broken: {
                seq: number;
                /** @enum {string} */
                reason:
                  | "missing"
                  | "seq"
                  | "prevHash"
                  | "hash"
                  | "head"
                  | "checkpoint"
                  | "truncated"
                  | "signature";
                expected: string;
                found: string;
                checkpoint?: string;
              } | null;
              checkpoints: number;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminAuditExport: {
    parameters: {
      query: {
        from: string;
        to: string;
        format?: "csv" | "jsonl";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description CSV (format=csv) or JSON lines (format=jsonl) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/csv": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminReportsDaily: {
    parameters: {
      query: {
        from: string;
        to: string;
        format?: "json" | "csv";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              from: string;
              to: string;
              rows: {
                day: string;
                /** @enum {string} */
                currency: "BTC" | "ETH" | "USDT";
                deposits: string;
                withdrawals: string;
                fees: string;
                fastPnl: string;
                contractPnl: string;
                customerPnl: string;
                exchangeNet: string;
                insuranceUsed: string;
                yieldPaid: string;
                liabilities: string;
              }[];
              reserve: {
                /** @enum {string} */
                currency: "USDT";
                reserve: string;
                unpaid: string;
                coverage: string | null;
              };
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminReportsExposure: {
    parameters: {
      query?: {
        move?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              move: string;
              items: {
                symbol: string;
                price: string | null;
                longLots: number;
                shortLots: number;
                longQty: string;
                shortQty: string;
                longNotional: string | null;
                shortNotional: string | null;
                houseNow: string;
                houseUp: string;
                houseDown: string;
              }[];
              fast: {
                symbol: string;
                orders: number;
                upStake: string;
                downStake: string;
                houseNow: string;
                houseUp: string;
                houseDown: string;
              }[];
              total: {
                houseNow: string;
                houseUp: string;
                houseDown: string;
              };
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminRechargeChannels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                /** @enum {string} */
                currency: "BTC" | "ETH" | "USDT";
                /** @enum {string} */
                kind: "bank" | "crypto";
                name: string;
                details: {
                  [key: string]: string;
                };
                instructions: string;
                enabled: boolean;
              }[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putAdminRechargeChannels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RechargeChannelRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              /** @enum {string} */
              kind: "bank" | "crypto";
              name: string;
              details: {
                [key: string]: string;
              };
              instructions: string;
              enabled: boolean;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminWithdrawSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              enabled: boolean;
              turnoverRatio: string;
              rules: {
                USDT: {
                  min: string;
                  max: string;
                  feeRate: string;
                  minFee: string;
                  fourEyes: string;
                };
                BTC: {
                  min: string;
                  max: string;
                  feeRate: string;
                  minFee: string;
                  fourEyes: string;
                };
                ETH: {
                  min: string;
                  max: string;
                  feeRate: string;
                  minFee: string;
                  fourEyes: string;
                };
              };
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putAdminWithdrawSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["WithdrawSettingsRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              enabled: boolean;
              turnoverRatio: string;
              rules: {
                USDT: {
                  min: string;
                  max: string;
                  feeRate: string;
                  minFee: string;
                  fourEyes: string;
                };
                BTC: {
                  min: string;
                  max: string;
                  feeRate: string;
                  minFee: string;
                  fourEyes: string;
                };
                ETH: {
                  min: string;
                  max: string;
                  feeRate: string;
                  minFee: string;
                  fourEyes: string;
                };
              };
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminImagesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description the evidence image, as stored (re-encoded without metadata) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "image/jpeg": string;
          "image/png": string;
          "image/webp": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminRecharges: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: "auditing" | "passed" | "rejected";
        age?: number;
        customer?: string;
        sort?: "time" | "amount" | "customer";
        dir?: "asc" | "desc";
        currency?: "BTC" | "ETH" | "USDT";
        min?: string;
        max?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                /** @enum {string} */
                currency: "BTC" | "ETH" | "USDT";
                channelId: string;
                channelName: string;
                amount: string;
                remitterName: string;
                remitterAccount: string;
                voucherImageId: string;
                /** @enum {string} */
                status: "auditing" | "passed" | "rejected";
                reason: string | null;
                createdAt: number;
                decidedAt: number | null;
                journalId: string | null;
                userId: string;
                decidedBy: string | null;
                actions: ("pass" | "reject")[];
              }[];
              cursor: string | null;
              truncated: boolean;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminRechargesExport: {
    parameters: {
      query?: {
        status?: "auditing" | "passed" | "rejected";
        age?: number;
        customer?: string;
        sort?: "time" | "amount" | "customer";
        dir?: "asc" | "desc";
        currency?: "BTC" | "ETH" | "USDT";
        min?: string;
        max?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description CSV */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/csv": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminRechargesBulkPass: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BulkPassRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                ok: boolean;
                error?: string;
              }[];
              passed: number;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminRechargesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              channelId: string;
              channelName: string;
              amount: string;
              remitterName: string;
              remitterAccount: string;
              voucherImageId: string;
              /** @enum {string} */
              status: "auditing" | "passed" | "rejected";
              reason: string | null;
              createdAt: number;
              decidedAt: number | null;
              journalId: string | null;
              userId: string;
              decidedBy: string | null;
              actions: ("pass" | "reject")[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminRechargesByIdByAction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        action: "pass" | "reject";
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["DecisionRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              channelId: string;
              channelName: string;
              amount: string;
              remitterName: string;
              remitterAccount: string;
              voucherImageId: string;
              /** @enum {string} */
              status: "auditing" | "passed" | "rejected";
              reason: string | null;
              createdAt: number;
              decidedAt: number | null;
              journalId: string | null;
              userId: string;
              decidedBy: string | null;
              actions: ("pass" | "reject")[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminWithdrawals: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: "auditing" | "withdrawing" | "frozen" | "passed" | "rejected";
        age?: number;
        customer?: string;
        sort?: "time" | "amount" | "customer";
        dir?: "asc" | "desc";
        currency?: "BTC" | "ETH" | "USDT";
        min?: string;
        max?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                userId: string;
                methodId: string;
                method: {
                  /** @enum {string} */
                  kind: "bank" | "crypto";
                  label: string;
                  details: {
                    [key: string]: string | null;
                  };
                };
                /** @enum {string} */
                currency: "BTC" | "ETH" | "USDT";
                amount: string;
                fee: string;
                net: string;
                /** @enum {string} */
                status: "auditing" | "withdrawing" | "passed" | "rejected" | "frozen";
                /** @enum {string|null} */
                frozenFrom: "auditing" | "withdrawing" | null;
                reason: string | null;
                reference: string | null;
                createdAt: number;
                updatedAt: number;
                history: {
                  at: number;
                  action: string;
                  by: string | null;
                }[];
                actions: ("pass" | "complete" | "reject" | "freeze" | "thaw")[];
              }[];
              cursor: string | null;
              truncated: boolean;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminWithdrawalsExport: {
    parameters: {
      query?: {
        status?: "auditing" | "withdrawing" | "frozen" | "passed" | "rejected";
        age?: number;
        customer?: string;
        sort?: "time" | "amount" | "customer";
        dir?: "asc" | "desc";
        currency?: "BTC" | "ETH" | "USDT";
        min?: string;
        max?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description CSV */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/csv": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminWithdrawalsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              userId: string;
              methodId: string;
              method: {
                /** @enum {string} */
                kind: "bank" | "crypto";
                label: string;
                details: {
                  [key: string]: string | null;
                };
              };
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              amount: string;
              fee: string;
              net: string;
              /** @enum {string} */
              status: "auditing" | "withdrawing" | "passed" | "rejected" | "frozen";
              /** @enum {string|null} */
              frozenFrom: "auditing" | "withdrawing" | null;
              reason: string | null;
              reference: string | null;
              createdAt: number;
              updatedAt: number;
              history: {
                at: number;
                action: string;
                by: string | null;
              }[];
              actions: ("pass" | "complete" | "reject" | "freeze" | "thaw")[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminWithdrawalsByIdByAction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        action: "pass" | "complete" | "reject" | "freeze" | "thaw";
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["DecisionRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              userId: string;
              methodId: string;
              method: {
                /** @enum {string} */
                kind: "bank" | "crypto";
                label: string;
                details: {
                  [key: string]: string | null;
                };
              };
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              amount: string;
              fee: string;
              net: string;
              /** @enum {string} */
              status: "auditing" | "withdrawing" | "passed" | "rejected" | "frozen";
              /** @enum {string|null} */
              frozenFrom: "auditing" | "withdrawing" | null;
              reason: string | null;
              reference: string | null;
              createdAt: number;
              updatedAt: number;
              history: {
                at: number;
                action: string;
                by: string | null;
              }[];
              actions: ("pass" | "complete" | "reject" | "freeze" | "thaw")[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminCertifications: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: "authenticating" | "authenticated" | "rejected";
        age?: number;
        customer?: string;
        sort?: "time" | "customer";
        dir?: "asc" | "desc";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                userId: string;
                /** @enum {string} */
                level: "junior" | "advanced";
                junior: {
                  name: string;
                  /** @enum {string} */
                  docType: "idCard" | "passport" | "drivingLicence";
                  docNumber: string;
                  country?: string;
                } | null;
                advanced: {
                  frontImageId: string;
                  backImageId: string;
                  handheldImageId: string;
                } | null;
                /** @enum {string} */
                status: "authenticating" | "authenticated" | "rejected";
                reason: string | null;
                createdAt: number;
                decidedAt: number | null;
                decidedBy: string | null;
                actions: ("pass" | "reject")[];
              }[];
              cursor: string | null;
              truncated: boolean;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminCertificationsExport: {
    parameters: {
      query?: {
        status?: "authenticating" | "authenticated" | "rejected";
        age?: number;
        customer?: string;
        sort?: "time" | "customer";
        dir?: "asc" | "desc";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description CSV */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/csv": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminCertificationsBulkPass: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BulkPassRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                ok: boolean;
                error?: string;
              }[];
              passed: number;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminCertificationsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              userId: string;
              /** @enum {string} */
              level: "junior" | "advanced";
              junior: {
                name: string;
                /** @enum {string} */
                docType: "idCard" | "passport" | "drivingLicence";
                docNumber: string;
                country?: string;
              } | null;
              advanced: {
                frontImageId: string;
                backImageId: string;
                handheldImageId: string;
              } | null;
              /** @enum {string} */
              status: "authenticating" | "authenticated" | "rejected";
              reason: string | null;
              createdAt: number;
              decidedAt: number | null;
              decidedBy: string | null;
              actions: ("pass" | "reject")[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminCertificationsByIdByAction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        action: "pass" | "reject";
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["DecisionRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              userId: string;
              /** @enum {string} */
              level: "junior" | "advanced";
              junior: {
                name: string;
                /** @enum {string} */
                docType: "idCard" | "passport" | "drivingLicence";
                docNumber: string;
                country?: string;
              } | null;
              advanced: {
                frontImageId: string;
                backImageId: string;
                handheldImageId: string;
              } | null;
              /** @enum {string} */
              status: "authenticating" | "authenticated" | "rejected";
              reason: string | null;
              createdAt: number;
              decidedAt: number | null;
              decidedBy: string | null;
              actions: ("pass" | "reject")[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getRechargeChannels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                /** @enum {string} */
                currency: "BTC" | "ETH" | "USDT";
                /** @enum {string} */
                kind: "bank" | "crypto";
                name: string;
                details: {
                  [key: string]: string;
                };
                instructions: string;
                enabled: boolean;
              }[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postRecharge: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RechargeRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              channelId: string;
              channelName: string;
              amount: string;
              remitterName: string;
              remitterAccount: string;
              voucherImageId: string;
              /** @enum {string} */
              status: "auditing" | "passed" | "rejected";
              reason: string | null;
              createdAt: number;
              decidedAt: number | null;
              journalId: string | null;
              fee: string;
              history: {
                at: number;
                action: string;
              }[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getRechargeHistory: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                /** @enum {string} */
                currency: "BTC" | "ETH" | "USDT";
                channelId: string;
                channelName: string;
                amount: string;
                remitterName: string;
                remitterAccount: string;
                voucherImageId: string;
                /** @enum {string} */
                status: "auditing" | "passed" | "rejected";
                reason: string | null;
                createdAt: number;
                decidedAt: number | null;
                journalId: string | null;
                fee: string;
                history: {
                  at: number;
                  action: string;
                }[];
              }[];
              cursor: string | null;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getRechargeById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              channelId: string;
              channelName: string;
              amount: string;
              remitterName: string;
              remitterAccount: string;
              voucherImageId: string;
              /** @enum {string} */
              status: "auditing" | "passed" | "rejected";
              reason: string | null;
              createdAt: number;
              decidedAt: number | null;
              journalId: string | null;
              fee: string;
              history: {
                at: number;
                action: string;
              }[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getWithdrawPreview: {
    parameters: {
      query?: {
        methodId?: string;
        amount?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["WithdrawPreview"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getWithdrawHistory: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                methodLabel: string;
                /** @enum {string} */
                kind: "bank" | "crypto";
                /** @enum {string} */
                currency: "BTC" | "ETH" | "USDT";
                amount: string;
                fee: string;
                net: string;
                /** @enum {string} */
                status: "auditing" | "withdrawing" | "passed" | "rejected" | "frozen";
                reason: string | null;
                reference: string | null;
                createdAt: number;
                updatedAt: number;
                history: {
                  at: number;
                  action: string;
                }[];
              }[];
              cursor: string | null;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getWithdrawById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              methodLabel: string;
              /** @enum {string} */
              kind: "bank" | "crypto";
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              amount: string;
              fee: string;
              net: string;
              /** @enum {string} */
              status: "auditing" | "withdrawing" | "passed" | "rejected" | "frozen";
              reason: string | null;
              reference: string | null;
              createdAt: number;
              updatedAt: number;
              history: {
                at: number;
                action: string;
              }[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getPaymentMethods: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                /** @enum {string} */
                kind: "bank" | "crypto";
                /** @enum {string} */
                currency: "BTC" | "ETH" | "USDT";
                bank: {
                  /** @enum {string} */
                  region: "domestic" | "international";
                  holder: string;
                  number: string;
                  bankName: string;
                  bankAddress: string;
                  branch: string;
                  swift: string | null;
                } | null;
                crypto: {
                  /** @enum {string} */
                  type: "BTC" | "ETH" | "USDT-TRC20" | "USDT-ERC20";
                  address: string;
                } | null;
                label: string;
                /** @description bound time */
                createdAt: number;
                /** @description from when a withdrawal may go to it (bound time + 24 h) */
                usableAt: number;
              }[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postPaymentMethods: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentMethodRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              /** @enum {string} */
              kind: "bank" | "crypto";
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              bank: {
                /** @enum {string} */
                region: "domestic" | "international";
                holder: string;
                number: string;
                bankName: string;
                bankAddress: string;
                branch: string;
                swift: string | null;
              } | null;
              crypto: {
                /** @enum {string} */
                type: "BTC" | "ETH" | "USDT-TRC20" | "USDT-ERC20";
                address: string;
              } | null;
              label: string;
              /** @description bound time */
              createdAt: number;
              /** @description from when a withdrawal may go to it (bound time + 24 h) */
              usableAt: number;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postWithdraw: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "methodId": "01J9Z3Q7W8X2Y4V6T5S3R1P0NM",
         *       "amount": "100",
         *       "drawPassword": "246810"
         *     }
         */
        "application/json": components["schemas"]["WithdrawRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              methodLabel: string;
              /** @enum {string} */
              kind: "bank" | "crypto";
              /** @enum {string} */
              currency: "BTC" | "ETH" | "USDT";
              amount: string;
              fee: string;
              net: string;
              /** @enum {string} */
              status: "auditing" | "withdrawing" | "passed" | "rejected" | "frozen";
              reason: string | null;
              reference: string | null;
              createdAt: number;
              updatedAt: number;
              history: {
                at: number;
                action: string;
              }[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postUpload: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /** Format: binary */
          file?: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Upload"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCertify: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CertifyStatus"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCertifyJunior: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["JuniorCertifyRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CertifyStatus"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCertifyAdvanced: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["AdvancedCertifyRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CertifyStatus"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getMessage: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["MessagePage"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getMessageDetailById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Message"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAlerts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["AlertList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAlerts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["AlertBody"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Alert"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putAlertsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["AlertBody"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Alert"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteAlertsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Done"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getNotifications: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["NotificationPage"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postNotificationsRead: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Done"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getNotificationsPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["NotifyPrefs"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putNotificationsPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["NotifyPrefs"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["NotifyPrefs"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getWealthProducts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["WealthProducts"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getWealthProductsByIdPreview: {
    parameters: {
      query: {
        amount: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["WealthPreview"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getWealthOrders: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["WealthOrders"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postWealthOrdersByIdRedeemQuote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["WealthRedeemQuote"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postWealthOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["WealthOrderRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["WealthOrder"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postWealthOrdersByIdRedeem: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1-64 of [A-Za-z0-9_-]; a replay returns the first reply */
        "idempotency-key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["WealthRedeemRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["WealthOrder"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postDemoSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["DemoStatus"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteDemoSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["DemoState"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getDemo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["DemoState"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postDemoReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["DemoStatus"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminProposals: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: "pending" | "approved" | "rejected" | "withdrawn";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["Proposal"][];
              cursor: string | null;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminProposals: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ProposalRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminProposalsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminProposalsByIdApprove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminProposalsByIdReject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReasonRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminProposalsByIdWithdraw: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReasonRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminProductsWealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: {
                id: string;
                name: string;
                dailyRate: string;
                periodDays: number;
                minAmount: string;
                maxAmount: string;
                cap: string;
                redeemRatio: string;
                turnoverRatio: string;
                enabled: boolean;
              }[];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putAdminProductsWealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["WealthProductsChange"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminProductsBySection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        section: "fast" | "leveraged" | "spot" | "exchange";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              /** @enum {string} */
              section: "fast" | "leveraged" | "spot" | "exchange";
              version: number;
              terms: {
                symbols: {
                  /** @enum {string} */
                  code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
                  enabled: boolean;
                }[];
                options: {
                  duration: number;
                  rate: string;
                  min: string;
                  max: string;
                }[];
              } | {
                symbols: {
                  /** @enum {string} */
                  code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
                  enabled: boolean;
                  leverage: number[];
                  takerFee: string;
                  brackets: {
                    upTo: string | null;
                    maxLeverage: number;
                    mmr: string;
                  }[];
                }[];
                holdingFeeDaily: string;
              } | {
                symbols: {
                  /** @enum {string} */
                  code: "BTCUSDT" | "ETHUSDT" | "BNBUSDT" | "SOLUSDT" | "XRPUSDT" | "DOGEUSDT";
                  enabled: boolean;
                }[];
                fee: string;
              } | {
                fee: string;
              };
              pending: components["schemas"]["Proposal"][];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putAdminProductsBySection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        section: "fast" | "leveraged" | "spot" | "exchange";
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TermsChangeRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminCustomers: {
    parameters: {
      query: {
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["CustomerHit"][];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminCustomersByUserId: {
    parameters: {
      query?: {
        sensitive?: "true" | "false";
      };
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerPage"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminCustomersByUserIdLock: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReasonRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerLockReply"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminCustomersByUserIdUnlock: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReasonRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CustomerLockReply"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminCustomersByUserIdMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CustomerMessageRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminCustomersByUserIdErase: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReasonRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SiteSettings"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      /** @description not an admin operator */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putAdminSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SiteSettingsRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SiteSettings"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      /** @description not an admin operator */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description CONFLICT: the settings changed since `version` was read (data.version: now) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OperatorInvitationRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["OperatorEnrolmentRequired"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminEnrol: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OperatorEnrolRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["OperatorSignedIn"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ChangePasswordRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              sessionsEnded: number;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminOperators: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["Operator"][];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminOperators: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateOperatorRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminOperatorsByUsernameRoles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OperatorRolesRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminOperatorsByUsernameDisable: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Operator"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminOperatorsByUsernameEnable: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminOperatorsByUsernameResetTotp: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Proposal"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminOperatorsByUsernameSessions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              items: components["schemas"]["OperatorSession"][];
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminOperatorsByUsernameSessionsByIdRevoke: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: {
              id: string;
              revoked: boolean;
            };
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getBanner: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["BannerList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getNotice: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getNoticeDialog: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["NoticeDialog"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postNoticeByIdAck: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["NoticeAck"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getNoticeById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentDetail"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getNews: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getNewsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentDetail"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getHelp: {
    parameters: {
      query?: {
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["HelpCentre"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getHelpById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentDetail"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getPageBySlug: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug:
          | "about"
          | "terms"
          | "agreement"
          | "privacy"
          | "legal"
          | "download"
          | "coinApply"
          | "risk"
          | "rates";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["InfoPage"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCoinApplication: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CoinApplicationRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Received"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postContact: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ContactRequest"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Received"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminContent: {
    parameters: {
      query?: {
        kind?: "banner" | "notice" | "news" | "help" | "page";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentAdminItems"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminContent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ContentCreate"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentAdminItem"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminContentImage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /** Format: binary */
          file?: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Upload"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminContentById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentAdminItem"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putAdminContentById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ContentEdit"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentAdminItem"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteAdminContentById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentDeleted"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminContentByIdPreview: {
    parameters: {
      query?: {
        locale?: "zh-CN" | "zh-TW" | "en" | "vi" | "th" | "ja" | "de" | "fr" | "es" | "uk" | "ko";
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentPreview"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminContentByIdPublish: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentAdminItem"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminContentByIdUnpublish: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContentAdminItem"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminCoinApplications: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CoinApplicationPage"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminContactMessages: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["ContactMessagePage"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getSupportMessages: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SupportThread"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postSupportMessages: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SupportWrite"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SupportMessage"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postSupportContinue: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SupportConversation"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminSupportConversations: {
    parameters: {
      query?: {
        status?: "open" | "waiting" | "closed";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SupportInbox"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminSupportConversationsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SupportDetail"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminSupportConversationsByIdMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SupportReply"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SupportMessage"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminSupportConversationsByIdAssign: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SupportAssign"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SupportConversation"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminSupportConversationsByIdClose: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SupportClose"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SupportConversation"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getSettlementsByOrderNo: {
    parameters: {
      query?: {
        share?: string;
      };
      header?: never;
      path: {
        orderNo: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Settlement"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      /** @description no settled order of the caller's (or of the share link) by that number */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postSettlementsByOrderNoShare: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        orderNo: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["SettlementShare"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      /** @description no settled order of the caller's by that number */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getLiabilities: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["LiabilitiesEpoch"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      /** @description POL_NOT_PUBLISHED: no epoch yet (the first is published at 00:00 UTC) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getLiabilitiesProof: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["LiabilitiesProof"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      /** @description DEMO_LIVE_ONLY: a demo account is not in the proof */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description POL_NOT_PUBLISHED, or POL_NOT_INCLUDED: the account was opened after the epoch was built */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminLiabilitiesEpoch: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["LiabilitiesEpoch"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminReportsLiabilities: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["LiabilitiesReport"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCheckpoints: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["CheckpointList"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAdminCheckpoints: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["Checkpoint"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getPushKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["PushKey"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postPushSubscriptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PushSubscribeBody"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["PushSubscribed"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deletePushSubscriptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PushUnsubscribeBody"];
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            code: 0;
            message: string;
            data: components["schemas"]["PushUnsubscribed"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getAdminQueuesLive: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description an event stream (text/event-stream) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/event-stream": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getImageById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description the image, as stored (re-encoded without metadata) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "image/jpeg": string;
          "image/png": string;
          "image/webp": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      /** @description not the caller's image (or no such image) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      413: components["responses"]["PayloadTooLarge"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
}
