import { assertEquals, assertThrows } from "../../tests/assert.ts";
import {
  clientAddress,
  hasForwardingHeaders,
  isLoopback,
  parseIp,
  parseTrustedProxies,
} from "./clientip.ts";

Deno.test("addresses: IPv4, IPv6, IPv4-mapped, garbage", () => {
  assertEquals(parseIp("192.0.2.1"), Uint8Array.from([192, 0, 2, 1]));
  assertEquals(parseIp("::ffff:127.0.0.1"), Uint8Array.from([127, 0, 0, 1]));
  assertEquals(parseIp("2001:db8::1")?.length, 16);
  for (const bad of ["1.2.3.400", "1::2::3", "abc", "", "1.2.3", "::g"]) {
    assertEquals(parseIp(bad), null, bad);
  }
  assertEquals([isLoopback("127.8.9.1"), isLoopback("::1"), isLoopback("128.0.0.1")], [
    true,
    true,
    false,
  ]);
});

Deno.test("client address: the right-most hop no trusted proxy wrote", () => {
  const none = parseTrustedProxies(undefined);
  const local = parseTrustedProxies("1");
  const lan = parseTrustedProxies("10.0.0.0/8, 127.0.0.1");
  const two = parseTrustedProxies("hops:2");
  const c = (peer: string, xff: string | undefined, t = local) => clientAddress(peer, xff, t).ip;
  // no trusted proxy: the socket peer, whatever the header says
  assertEquals(c("127.0.0.1", "198.51.100.7", none), "127.0.0.1");
  // a peer that is not a trusted proxy cannot speak for anyone
  assertEquals(c("203.0.113.5", "198.51.100.7"), "203.0.113.5");
  assertEquals(clientAddress("203.0.113.5", undefined, local).proxied, false);
  // behind the proxy: what the client wrote first does not count
  assertEquals(c("127.0.0.1", "1.1.1.1, 198.51.100.7"), "198.51.100.7");
  assertEquals(c("10.0.0.2", "1.1.1.1, 198.51.100.7, 10.1.1.1", lan), "198.51.100.7");
  assertEquals(c("127.0.0.1", "1.1.1.1, 198.51.100.7, 203.0.113.1", two), "198.51.100.7");
  // an entry that is not an address stops the walk at the last trusted hop
  assertEquals(c("127.0.0.1", "198.51.100.7, nonsense"), "127.0.0.1");
  assertEquals(c("127.0.0.1", "[2001:db8::5]:443"), "2001:db8:0:0:0:0:0:5");
  assertEquals(c("127.0.0.1", "198.51.100.7:5123"), "198.51.100.7");
  assertThrows(() => parseTrustedProxies("not-a-cidr"));
  assertThrows(() => parseTrustedProxies("hops:0"));
  // answers are kept per trust setting: asked again, the same answer; another setting its own
  assertEquals(c("127.0.0.1", "1.1.1.1, 198.51.100.7"), "198.51.100.7");
  assertEquals(c("127.0.0.1", "1.1.1.1, 198.51.100.7", none), "127.0.0.1");
  // a long header (not kept) is answered all the same
  const long = `${Array(80).fill("1.1.1.1").join(", ")}, 198.51.100.9`;
  assertEquals(c("127.0.0.1", long), "198.51.100.9");
  assertEquals(c("127.0.0.1", long), "198.51.100.9");
});

Deno.test("forwarding headers are recognised", () => {
  for (const h of ["X-Forwarded-For", "x-forwarded-host", "Forwarded", "X-Real-IP", "Via"]) {
    assertEquals(hasForwardingHeaders(new Headers({ [h]: "x" })), true, h);
  }
  assertEquals(hasForwardingHeaders(new Headers({ accept: "*/*" })), false);
});
