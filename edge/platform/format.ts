/** The formatting module is shared with the islands: `locales/format.ts`. */
export { formatAmount, formatMoney, formatTime } from "../../locales/format.ts";
