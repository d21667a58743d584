/** The formatting module is shared with the server: `locales/format.ts`. */
export { formatPct, formatPrice } from "../../locales/format.ts";
