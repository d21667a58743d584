/** The operators' console pages under /admin (each section in `./admin/`). */
export { adminPages } from "./admin/mod.tsx";
