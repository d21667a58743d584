import { useEffect, useState } from "preact/hooks";
import { api, toast } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";

export const PUSH_SWITCH_TEXTS = [
  "push.hint",
  "push.title",
  "push.on",
  "push.off",
  "push.enabled",
  "push.disabled",
  "push.denied",
  "push.unsupported",
  "push.failed",
  "app.networkError",
  "app.timeout",
] as const;

type State = "checking" | "unsupported" | "denied" | "off" | "on";

const supported = () =>
  "serviceWorker" in navigator && "PushManager" in globalThis && "Notification" in globalThis;

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - b64.length % 4) % 4));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

/** The subscription was made with this server key (another key: subscribe again). */
function madeWith(sub: PushSubscription, key: Uint8Array): boolean {
  const k = sub.options.applicationServerKey;
  if (!k) return false;
  const a = new Uint8Array(k);
  return a.length === key.length && a.every((b, i) => b === key[i]);
}

/** The page's worker (registered by every customer page; registered here when it is not yet). */
async function worker(): Promise<ServiceWorkerRegistration> {
  if (!await navigator.serviceWorker.getRegistration("/")) {
    await navigator.serviceWorker.register("/sw.js");
  }
  return await navigator.serviceWorker.ready;
}

/**
 * Notifications on this device: on asks the browser's permission, subscribes with the server's
 * VAPID key and stores the subscription (`POST /api/push/subscriptions`); off unsubscribes here
 * and there. A browser that cannot, or a permission the customer refused, says so instead.
 */
export default function PushSwitch({ tx, publicKey }: { tx: Texts; publicKey: string }) {
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);
  const key = keyBytes(publicKey);

  useEffect(() => {
    void (async () => {
      if (!supported()) return setState("unsupported");
      if (Notification.permission === "denied") return setState("denied");
      const reg = await navigator.serviceWorker.getRegistration("/");
      const sub = await reg?.pushManager.getSubscription();
      setState(sub && Notification.permission === "granted" && madeWith(sub, key) ? "on" : "off");
    })().catch(() => setState("unsupported"));
  }, []);

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return setState(permission === "denied" ? "denied" : "off");
    const reg = await worker();
    let sub = await reg.pushManager.getSubscription();
    if (sub && !madeWith(sub, key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const j = sub.toJSON();
    const env = await api((c) =>
      c.POST("/push/subscriptions", {
        body: {
          endpoint: sub.endpoint,
          expirationTime: j.expirationTime ?? null,
          keys: { p256dh: j.keys?.p256dh ?? "", auth: j.keys?.auth ?? "" },
        },
      })
    );
    if (env.code !== 0) {
      await sub.unsubscribe().catch(() => false);
      return fail(env.message);
    }
    setState("on");
    toast(tx["push.enabled"]!);
  }

  async function turnOff() {
    const reg = await navigator.serviceWorker.getRegistration("/");
    const sub = await reg?.pushManager.getSubscription();
    if (sub) {
      const endpoint = sub.endpoint;
      await sub.unsubscribe();
      const env = await api((c) => c.DELETE("/push/subscriptions", { body: { endpoint } }));
      if (env.code !== 0) return fail(env.message);
    }
    setState("off");
    toast(tx["push.disabled"]!);
  }

  function fail(message: string) {
    const text = message === "network"
      ? tx["app.networkError"]!
      : message === "timeout"
      ? tx["app.timeout"]!
      : message;
    toast(text, "error");
  }

  async function toggle() {
    setBusy(true);
    try {
      await (state === "on" ? turnOff() : turnOn());
    } catch {
      toast(tx["push.failed"]!, "error");
    } finally {
      setBusy(false);
    }
  }

  const on = state === "on";
  const usable = state === "on" || state === "off";
  return (
    <div class="push-switch" data-testid="push-switch" data-state={state}>
      <p class="muted small" id="push-hint">{tx["push.hint"]}</p>
      <label class="switch-row">
        <span class="grow" aria-hidden="true">{on ? tx["push.on"] : tx["push.off"]}</span>
        <input
          aria-label={tx["push.title"]}
          type="checkbox"
          role="switch"
          class="switch"
          checked={on}
          disabled={busy || !usable}
          aria-describedby="push-hint"
          onChange={toggle}
          data-testid="push-toggle"
        />
      </label>
      {state === "denied" && <p class="notice small" role="status">{tx["push.denied"]}</p>}
      {state === "unsupported" && <p class="notice small" role="status">{tx["push.unsupported"]}
      </p>}
    </div>
  );
}
