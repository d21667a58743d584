import type { T } from "../edge/platform/locale.ts";
import { pickTexts } from "../edge/platform/locale.ts";
import { Island } from "../edge/render/island.tsx";
import DemoSwitch, { DEMO_SWITCH_TEXTS, type DemoSwitchVariant } from "../islands/DemoSwitch.tsx";

/** Which account a signed-in session acts as, for the shells' live/demo switch and DEMO mark. */
export interface AccountMode {
  book: "live" | "demo";
  /** a visitor's demo session: no live account to go back to (register instead) */
  visitor: boolean;
  /** the balance a reset restores, formatted with its currency */
  startBalance: string;
}

/** The demo island in one of its forms (see `DemoSwitch`). */
export function DemoControl(
  { t, mode, layout, variant }: {
    t: T;
    mode: AccountMode | null;
    layout: "wp" | "pc";
    variant: DemoSwitchVariant;
  },
) {
  return (
    <Island
      of={DemoSwitch}
      props={{
        tx: pickTexts(t, DEMO_SWITCH_TEXTS),
        variant,
        book: mode?.book ?? null,
        visitor: mode?.visitor ?? false,
        layout,
        startBalance: mode?.startBalance ?? "",
      }}
    />
  );
}

/**
 * The bar every page of a signed-in session carries: in demo the DEMO mark (in text) with reset
 * and the way back; live, the switch to demo.
 */
export function DemoBar({ t, mode, layout }: { t: T; mode: AccountMode; layout: "wp" | "pc" }) {
  return mode.book === "demo"
    ? <DemoControl t={t} mode={mode} layout={layout} variant="banner" />
    : (
      <div class="demo-livebar" data-testid="demo-livebar">
        <span class="muted small">{t("demo.liveAccount")}</span>
        <DemoControl t={t} mode={mode} layout={layout} variant="switch" />
      </div>
    );
}

/** A live-only screen in demo: the notice and the way back (or register, for visitors). */
export function LiveOnlyNotice(
  { t, mode, layout }: { t: T; mode: AccountMode; layout: "wp" | "pc" },
) {
  return (
    <section class="card" data-testid="demo-live-only">
      <h2>
        <span class="demo-mark">{t("app.demoBadge")}</span> {t("demo.liveOnlyTitle")}
      </h2>
      <p>{t("demo.liveOnlyBody")}</p>
      {mode.visitor && <p class="muted">{t("demo.liveOnlyVisitor")}</p>}
      <DemoControl t={t} mode={mode} layout={layout} variant="leave" />
    </section>
  );
}
