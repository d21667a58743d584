import { startServer } from "./tests/server.ts";
const srv = await startServer({ seed: true });
await srv.call("/api/login", { body: { phone: "+12025550123", password: "Demo-2026" } });
console.log("=====");
await srv.call("/api/login", { body: { phone: "+12025550123", password: "Demo-2026" } });
console.log("=====");
await srv.close();
