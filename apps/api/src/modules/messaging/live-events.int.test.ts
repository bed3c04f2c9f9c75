import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildUser } from "../../../test/factories/users";
import { LiveTestClient } from "../../../test/live-client";
import { buildTestApp, type TestApp } from "../../../test/test-app";

let harness: TestApp;
let baseUrl: string;

beforeAll(async () => {
  // A short heartbeat (still roomy for a busy machine) so dead connections are found within seconds.
  harness = await buildTestApp({ LIVE_HEARTBEAT_MS: "1000" });
  baseUrl = await harness.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => harness.close());

const closeCodeOf = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));

describe("GET /api/live heartbeat", () => {
  it("keeps answering connections open and drops one that stops answering pings", async () => {
    const { client } = await buildUser(harness.app);
    const healthy = await LiveTestClient.connect(baseUrl, client.cookie);
    const silent = new WebSocket(`${baseUrl.replace("http", "ws")}/api/live`, {
      headers: { cookie: client.cookie ?? "" },
      autoPong: false,
    });
    const silentClosed = closeCodeOf(silent);
    await new Promise((resolve) => silent.once("open", resolve));
    expect(await silentClosed).toBe(1006);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    await healthy.close();
  });

  it("closes the connection once its session has ended", async () => {
    const { client } = await buildUser(harness.app);
    const tab = await LiveTestClient.connect(baseUrl, client.cookie);
    const closed = closeCodeOf(tab.socket);
    await client.post("/api/auth/logout");
    expect(await closed).toBe(4001);
  });
});
