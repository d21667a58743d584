/** Kept for `routes/pages/hub.tsx` only: the one formatting module is `locales/format.ts`. */
export { formatPct, formatPrice } from "../../locales/format.ts";
