import { assertEquals } from "../tests/assert.ts";
import { parseCustomerUrl } from "./customer_link.ts";

const who = { userId: "12345678", phone: "+12025550123" };

Deno.test("customer-service link modes", () => {
  assertEquals(parseCustomerUrl("", who).mode, "none");
  assertEquals(parseCustomerUrl("javascript:alert(1)", who).mode, "none");
  assertEquals(parseCustomerUrl("AI|https://ai.example/chat?u=%1&p=%2", who), {
    configured: true,
    mode: "ai",
    url: "https://ai.example/chat?u=12345678&p=%2B12025550123",
  });
  assertEquals(parseCustomerUrl("https://t.me/support_bot", who).mode, "redirect");
  assertEquals(parseCustomerUrl("https://wa.me/12025550123", who).mode, "redirect");
  assertEquals(parseCustomerUrl("https://chat.example/vip/room", who).mode, "redirect");
  assertEquals(parseCustomerUrl("https://chat.example/room", who).mode, "iframe");
  assertEquals(
    parseCustomerUrl("WIDGET|https://widget.example/c", who).url,
    "https://widget.example/c?userId=12345678&phone=%2B12025550123",
  );
  assertEquals(
    parseCustomerUrl("WIDGET|https://widget.example/c", null).url,
    "https://widget.example/c",
  );
});
