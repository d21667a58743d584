import { assertEquals } from "../../tests/assert.ts";
import {
  listMessages,
  messageInto,
  messageKeys,
  migrateUnreadCounters,
  readMessage,
  unreadCount,
} from "./store.ts";

Deno.test("unread counter: kept by the commits that write and read, built once for old stores", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // messages stored before counters existed (no counter key)
    for (const [i, read] of [[1, false], [2, true], [3, false]] as const) {
      const id = `old-${i}`;
      await kv.set(messageKeys.message("t1", "u1", id), {
        id,
        at: i,
        kind: "rechargePassed",
        params: {},
        read,
      });
    }
    assertEquals(await unreadCount(kv, "t1", "u1"), 0);
    await migrateUnreadCounters(kv, "t1");
    assertEquals(await unreadCount(kv, "t1", "u1"), 2);
    // a second start does not count again
    await migrateUnreadCounters(kv, "t1");
    assertEquals(await unreadCount(kv, "t1", "u1"), 2);

    const op = kv.atomic();
    const m = messageInto(op, "t1", "u1", { at: 10, kind: "rechargePassed", params: {} });
    await op.commit();
    assertEquals(await unreadCount(kv, "t1", "u1"), 3);
    await readMessage(kv, "t1", "u1", m.id);
    await readMessage(kv, "t1", "u1", m.id);
    await readMessage(kv, "t1", "u1", "old-1");
    assertEquals(await unreadCount(kv, "t1", "u1"), 1);
    // other customers and tenants are separate
    assertEquals(await unreadCount(kv, "t1", "u2"), 0);
    assertEquals(await unreadCount(kv, "t2", "u1"), 0);
    // the counter is not a message
    assertEquals((await listMessages(kv, "t1", "u1", 50)).items.length, 4);
  } finally {
    kv.close();
  }
});
