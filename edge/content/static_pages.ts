/** The information pages (spec section 1), served at /page/<slug> in either layout. */
export const STATIC_PAGES = [
  "about",
  "terms",
  "agreement",
  "privacy",
  "legal",
  "rates",
  "download",
  "coinApply",
] as const;
export type StaticPage = typeof STATIC_PAGES[number];
