/** Uploads not attached to a recharge or a verification within 24 h are deleted (hourly). */
import type { TenantRegistry } from "../platform/tenants.ts";
import type { ImageStore } from "../uploads/service.ts";
import type { Job } from "./scheduler.ts";

export const uploadsExpiryJob = (images: ImageStore, tenants: TenantRegistry): Job => ({
  name: "uploads-expiry",
  run: () => images.sweep(tenants.byId.keys()),
  hourlyAt: 30,
  leased: {},
});
