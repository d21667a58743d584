/**
 * Issue 31, item 2 through the public doors: "Mark paid" (complete) requires the payout
 * reference, checked per where the payout went (a bank reference; a transaction hash of the
 * address's network), refused with a localized field message and nothing changed; stored on the
 * record and shown to operators (the withdrawal, the customer's record) and to the customer
 * (history on both layouts, the detail, the API and the data export). The console's risk panel
 * beside a withdrawal under review: the verified name against the payee, balances, deposits,
 * paid out and turnover, the 24 h total against the four-eyes threshold (the figure a pass is
 * judged by), whether the method is new, recent sign-ins and links to the customer's record.
 */
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { DESKTOP_UA, startServer } from "../server.ts";
import { identityKeys } from "../../edge/identity/store.ts";
import {
  ADA_CARD,
  balance,
  bindMethod,
  PAYOUT_REF,
  recharge,
  verifyJunior,
} from "./funds_helpers.ts";

const CUSTOMER = { phone: "+12025550123", password: "Demo-2026" };
const DRAW = "246810";

/** The text of the element carrying `data-testid="id"` in server-rendered HTML (tags dropped). */
function textOf(html: string, id: string): string {
  const at = html.indexOf(`data-testid="${id}"`);
  assert(at >= 0, `${id} is on the page`);
  const open = html.lastIndexOf("<", at);
  const tag = /^<(\w+)/.exec(html.slice(open))![1]!;
  let depth = 0, i = open;
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  re.lastIndex = open;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    i = m.index;
    if (depth === 0) break;
  }
  const inner = html.slice(html.indexOf(">", at) + 1, i);
  return inner.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
}

type W = { id: string; status: string; reference: string | null; pendingPass?: unknown };

Deno.test("withdrawal payout reference and risk panel: required per network, stored, shown everywhere; the panel's figures", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const cookie = `tw_op=${op.replace(/^Bearer /, "")}`;
    const login = await srv.call<{ userId: string }>("/api/login", { body: CUSTOMER });
    const token = login.headers.get("authorization")!;
    const userId = (await srv.call<{ userId: string }>("/api/user/info", { token })).body.data
      .userId;
    await verifyJunior(srv, token, op, "Ada Lovelace");
    const bank = await bindMethod(srv, token, ADA_CARD);
    const eth = await bindMethod(srv, token, {
      kind: "crypto",
      type: "ETH",
      address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    });
    const tron = await bindMethod(srv, token, {
      kind: "crypto",
      type: "USDT-TRC20",
      address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    });
    const withdraw = async (methodId: string, amount: string) => {
      const r = await srv.call<W>("/api/withdraw", {
        token,
        body: { methodId, amount, drawPassword: DRAW },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      return r.body.data.id;
    };
    const decide = (id: string, action: string, body?: unknown) =>
      srv.call<W & { error?: string; fields?: Record<string, string> }>(
        `/api/admin/withdrawals/${id}/${action}`,
        body === undefined ? { token: op, method: "POST" } : { token: op, body },
      );
    const record = async (id: string) =>
      (await srv.call<W>(`/api/admin/withdrawals/${id}`, { token: op })).body.data;
    const panel = async (id: string) => {
      const r = await srv.page(`/admin/withdrawals?id=${id}`, { headers: { cookie } });
      assertEquals(r.status, 200);
      return await r.text();
    };

    const w1 = await withdraw(bank.id, "60");
    const w3 = await withdraw(eth.id, "0.1");
    const w4 = await withdraw(tron.id, "20");
    for (const id of [w1, w3, w4]) assertEquals((await decide(id, "pass")).body.code, 0);

    await t.step(
      "Mark paid without a reference, or a malformed one: 400, nothing changes",
      async () => {
        const frozen = async () =>
          await Promise.all(["USDT", "ETH"].map((c) => balance(srv, token, c)));
        const before = await frozen();
        for (
          const [id, body, message] of [
            [w1, undefined, "Enter the payout reference"],
            [w1, {}, "Enter the payout reference"],
            [w1, { reference: "   " }, "Enter the payout reference"],
            // a formula prefix, control characters, too short
            [w1, { reference: "=HYPERLINK(1)" }, "starting with a letter or a digit"],
            [w1, { reference: "AB\u0007CD" }, "starting with a letter or a digit"],
            [w1, { reference: "AB" }, "starting with a letter or a digit"],
            // ETH is an EVM chain: 0x + 64 hex
            [w3, { reference: PAYOUT_REF.hex }, "0x followed by 64 hexadecimal characters"],
            [w3, { reference: "0x" + "ab".repeat(31) }, "0x followed by 64 hexadecimal characters"],
            // TRON (and BTC): 64 hex without 0x
            [w4, { reference: PAYOUT_REF.evm }, "64 hexadecimal characters, without 0x"],
            [w4, { reference: "zz".repeat(32) }, "64 hexadecimal characters, without 0x"],
          ] as const
        ) {
          const r = await decide(id, "complete", body);
          assertEquals([r.status, r.body.data.error], [400, "VALIDATION"], JSON.stringify(body));
          assertMatch(r.body.data.fields!.reference!, new RegExp(message), JSON.stringify(body));
          assertEquals((await record(id)).status, "withdrawing");
          assertEquals((await record(id)).reference, null);
        }
        // in the operator's language
        const zh = await srv.call<{ fields: Record<string, string> }>(
          `/api/admin/withdrawals/${w3}/complete`,
          { token: op, body: { reference: "nope" }, headers: { "accept-language": "zh-CN" } },
        );
        assertEquals(zh.body.data.fields.reference, "此网络的交易哈希为 0x 加 64 位十六进制字符");
        // another action takes no reference
        const reject = await decide(w1, "reject", { reason: "x", reference: PAYOUT_REF.bank });
        assertEquals([reject.status, reject.body.data.error], [400, "VALIDATION"]);
        assertEquals(await frozen(), before, "nothing moved");
      },
    );

    await t.step("a valid reference pays out and is stored, a hash in lower case", async () => {
      const paid = await decide(w1, "complete", { reference: "  BANK-REF 2026/0001 " });
      assertEquals(paid.body.code, 0, JSON.stringify(paid.body));
      assertEquals([paid.body.data.status, paid.body.data.reference], [
        "passed",
        "BANK-REF 2026/0001",
      ]);
      const hash = "0x" + "AB".repeat(32);
      const evm = await decide(w3, "complete", { reference: hash });
      assertEquals(evm.body.data.reference, hash.toLowerCase());
      assertEquals((await decide(w4, "complete", { reference: PAYOUT_REF.hex })).body.code, 0);
      assertEquals((await record(w4)).reference, PAYOUT_REF.hex);
      // decided once: a second Mark paid is refused, the reference kept
      const again = await decide(w1, "complete", { reference: "OTHER-REF-1" });
      assertEquals(again.body.data.error, "ALREADY_DECIDED");
      assertEquals((await record(w1)).reference, "BANK-REF 2026/0001");
    });

    await t.step(
      "the customer sees it: API, history on both layouts, detail, data export",
      async () => {
        const h = await srv.call<{ items: W[] }>("/api/withdraw/history", { token });
        const refs = Object.fromEntries(h.body.data.items.map((w) => [w.id, w.reference]));
        assertEquals([refs[w1], refs[w3], refs[w4]], [
          "BANK-REF 2026/0001",
          "0x" + "ab".repeat(32),
          PAYOUT_REF.hex,
        ]);
        const one = await srv.call<W>(`/api/withdraw/${w1}`, { token });
        assertEquals(one.body.data.reference, "BANK-REF 2026/0001");
        const cookieC = { cookie: `tw_session=${token}` };
        const wp = await (await srv.page("/wp/user/historyList", { headers: cookieC })).text();
        assert(wp.includes("Bank reference: <span") && wp.includes("BANK-REF 2026/0001"), "wp");
        assert(wp.includes(`Transaction hash: <span class="mono">${PAYOUT_REF.hex}`), "wp hash");
        const pc =
          await (await srv.page("/pc/handle/withdraw", { headers: cookieC, ua: DESKTOP_UA }))
            .text();
        assert(pc.includes("BANK-REF 2026/0001") && pc.includes(PAYOUT_REF.hex), "pc");
        const detail =
          await (await srv.page(`/wp/user/withdraw/detail/${w1}`, { headers: cookieC }))
            .text();
        assertEquals(textOf(detail, "detail-reference"), "BANK-REF 2026/0001");
        // the "withdrawal paid" message names the reference, to find the payout on their side
        const msgs = await srv.call<{ items: { kind: string; body: string }[] }>("/api/message", {
          token,
        });
        const paidMsgs = msgs.body.data.items.filter((m) => m.kind === "withdrawComplete");
        assert(
          paidMsgs.some((m) => m.body.endsWith("Reference: BANK-REF 2026/0001")),
          JSON.stringify(paidMsgs),
        );
        const exported = await srv.call<{ withdrawals: W[] }>("/api/account/export", { token });
        const byId = Object.fromEntries(exported.body.data.withdrawals.map((w) => [w.id, w]));
        assertEquals(byId[w1]!.reference, "BANK-REF 2026/0001");
        assertEquals(byId[w3]!.reference, "0x" + "ab".repeat(32));
      },
    );

    await t.step("the console's customer record shows it", async () => {
      const page = await (await srv.page(`/admin/customers?id=${userId}`, { headers: { cookie } }))
        .text();
      assert(page.includes("BANK-REF 2026/0001") && page.includes(PAYOUT_REF.hex), "record");
      const api = await srv.call<{ withdrawals: W[] }>(`/api/admin/customers/${userId}`, {
        token: op,
      });
      assert(api.body.data.withdrawals.some((w) => w.reference === "BANK-REF 2026/0001"));
    });

    await t.step("the withdrawal queue's CSV export has a reference column", async () => {
      const res = await fetch(
        `${srv.base}/api/admin/withdrawals/export?status=passed&customer=${userId}`,
        { headers: { authorization: op } },
      );
      assertEquals(res.status, 200);
      const [head, ...rows] = (await res.text()).trimEnd().split("\r\n").map((l) => l.split(","));
      const col = head!.indexOf("reference");
      assert(col >= 0, head!.join(","));
      const refs = Object.fromEntries(rows.map((r) => [r[0], r[col]]));
      assertEquals([refs[w1], refs[w3], refs[w4]], [
        "BANK-REF 2026/0001",
        "0x" + "ab".repeat(32),
        PAYOUT_REF.hex,
      ]);
    });

    await t.step("the risk panel: figures and links of a withdrawal under review", async () => {
      const w2 = await withdraw(bank.id, "50");
      const w5 = await withdraw(eth.id, "0.2");
      // a credited deposit and one waiting (after the requests: a deposit adds turnover)
      const credited = await recharge(srv, token, "100");
      assertEquals(
        (await srv.call(`/api/admin/recharges/${credited}/pass`, { token: op, method: "POST" }))
          .body.code,
        0,
      );
      await recharge(srv, token, "20");
      // a failed sign-in
      const wrong = await srv.call("/api/login", { body: { ...CUSTOMER, password: "Wrong-2026" } });
      assert(wrong.body.code !== 0);
      // the four-eyes threshold lowered to 100 USDT: 60 + 20 passed today and this 50 reach it
      const settings = await srv.call<{ rules: Record<string, Record<string, string>> }>(
        "/api/admin/withdraw-settings",
        { token: op },
      );
      const s = settings.body.data as Record<string, unknown> & {
        rules: Record<string, Record<string, string>>;
      };
      s.rules.USDT!.fourEyes = "100";
      const put = await srv.call("/api/admin/withdraw-settings", {
        token: op,
        method: "PUT",
        body: { enabled: s.enabled, turnoverRatio: s.turnoverRatio, rules: s.rules },
      });
      assertEquals(put.body.code, 0, JSON.stringify(put.body));

      const html = await panel(w2);
      assertEquals(textOf(html, "risk-name"), "✓ Match");
      assertEquals(
        textOf(html, "risk-day"),
        "⚠ At or above the four-eyes threshold: a pass needs a second operator",
      );
      assertEquals(
        textOf(html, "risk-day-figures"),
        "130 USDT (this one and those passed in 24 h) against 100 USDT",
      );
      assertEquals(textOf(html, "risk-first-use"), "✓ Paid to before (1)");
      assertEquals(textOf(html, "risk-recent"), "⚠ Bound in the last 7 days");
      assertMatch(textOf(html, "risk-deposited-USDT"), /^100 1 credited · 1 waiting$/);
      assertEquals(textOf(html, "risk-paid-USDT"), "80");
      assertMatch(textOf(html, "risk-turnover"), /Traded 0 of 100 USDT required/);
      assertEquals(textOf(html, "risk-failed"), "⚠ Failed sign-ins in 24 h: 1");
      assertMatch(textOf(html, "risk-sign-ins"), /Wrong password/i);
      // spot USDT: 10,000 - 60 - 20 paid - 50 held + 100 credited
      assertEquals(textOf(html, "risk-spot-USDT"), "9,970");
      for (
        const [id, href] of [
          ["risk-customer", `/admin/customers?id=${userId}`],
          ["risk-link-deposits", `/admin/customers?id=${userId}#part-recharges`],
          ["risk-link-methods", `/admin/customers?id=${userId}#part-methods`],
          ["risk-link-sign-ins", `/admin/customers?id=${userId}#part-logins`],
          ["customer-link", `/admin/customers?id=${userId}`],
        ]
      ) {
        assert(
          new RegExp(`href="${href!.replace(/[?#]/g, "\\$&")}"[^>]*data-testid="${id}"`).test(
            html,
          ),
          id,
        );
      }
      // the figure is the rule's: a pass of this one is a proposal for a second operator
      const pass = await decide(w2, "pass");
      assert(pass.body.data.pendingPass, JSON.stringify(pass.body));

      const crypto = await panel(w5);
      assertEquals(textOf(crypto, "risk-name"), "Crypto address: no name to compare");
      // the ETH withdrawal paid before went to this address too
      assertEquals(textOf(crypto, "risk-first-use"), "✓ Paid to before (1)");
      assertEquals(textOf(crypto, "risk-day"), "✓ Under the four-eyes threshold");
      assertMatch(textOf(crypto, "risk-day-figures"), /^0\.3 ETH .* against 5 ETH$/);
    });

    await t.step("a payee whose name is not the verified one reads as a mismatch", async () => {
      // a fixture: the verified name changed after the card was bound
      const key = identityKeys.status("demo", userId);
      const st = (await srv.kv.get<Record<string, unknown>>(key)).value!;
      await srv.kv.set(key, { ...st, verifiedName: "Ada King" });
      const ids = (await srv.call<{ items: { id: string; method: { kind: string } }[] }>(
        "/api/admin/withdrawals?status=auditing",
        { token: op },
      )).body.data.items.filter((w) => w.method.kind === "bank").map((w) => w.id);
      const html = await panel(ids[0]!);
      assertEquals(textOf(html, "risk-name"), "⚠ Mismatch: the payee is not the verified name");
      assert(html.includes("Ada King") && html.includes("Ada Lovelace"), "both names shown");
    });
  } finally {
    await srv.close();
  }
});

Deno.test("withdrawal risk panel: the review page with the panel waits on no more round trips than the queue's list", async () => {
  // a far store, simulated (as tests/api/round_trips_test.ts does)
  const srv = await startServer({
    seed: true,
    env: { KV_SIM_RTT_MS: "25", KV_SIM_EVENTUAL_MS: "2" },
  });
  try {
    const op = await operatorToken(srv);
    const cookie = `tw_op=${op.replace(/^Bearer /, "")}`;
    const login = await srv.call("/api/login", { body: CUSTOMER });
    const token = login.headers.get("authorization")!;
    await verifyJunior(srv, token, op, "Ada Lovelace");
    const bank = await bindMethod(srv, token, ADA_CARD);
    const ids: string[] = [];
    for (const amount of ["50", "60", "70"]) {
      const r = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: { methodId: bank.id, amount, drawPassword: DRAW },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      ids.push(r.body.data.id);
    }
    await recharge(srv, token, "20");
    /** the fewest strong round trips in sequence of a few reads of `path` (warm caches) */
    const trips = async (path: string) => {
      let n = Infinity;
      for (let i = 0; i < 3; i++) {
        const r = await srv.page(path, { headers: { cookie } });
        assertEquals(r.status, 200);
        assert((await r.text()).length > 0);
        if (i > 0) n = Math.min(n, Number(r.headers.get("x-kv-round-trips")!.split("/")[0]));
      }
      return n;
    };
    const list = await trips("/admin/withdrawals");
    const withPanel = await trips(`/admin/withdrawals?id=${ids[1]}`);
    assert(withPanel <= list, `the panel adds no round trip: ${withPanel} vs ${list}`);
  } finally {
    await srv.close();
  }
});
