import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { classifyAddress, guardedRequest, OutboundRefusal, resolveOutboundTarget } from "./outbound-guard";

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["100.127.255.255", "private"],
    ["fc00::1", "private"],
    ["fdff:ffff::1", "private"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "link-local"],
    ["2002:c0a8:0101::1", "private"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.1", "reserved"],
    ["8.8.8.8", "public"],
    ["172.32.0.1", "public"],
    ["100.128.0.1", "public"],
    ["2606:4700:4700::1111", "public"],
    ["64:ff9b::808:808", "public"],
    // Every non-global IPv6 range (IANA special-purpose registry), also in front of a public IPv4 address.
    ["::ffff:8.8.8.8", "reserved"],
    ["::ffff:0:127.0.0.1", "loopback"],
    ["::ffff:0:8.8.8.8", "reserved"],
    ["::8.8.8.8", "reserved"],
    ["64:ff9b:1::a9fe:a9fe", "reserved"],
    ["64:ff9b:1::808:808", "reserved"],
    ["2001::1", "reserved"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
    ["2001:1ff:ffff::1", "reserved"],
    ["2001:200::1", "public"],
    ["2002:808:808::1", "reserved"],
    ["5f00::1", "reserved"],
    ["5f00:ffff::1", "reserved"],
    ["3fff::1", "reserved"],
    ["3fff:fff::1", "reserved"],
    ["3fff:1000::1", "public"],
    ["100:0:0:1::1", "reserved"],
    ["4000::1", "reserved"],
    ["1::1", "reserved"],
  ])("%s is %s", (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe("resolveOutboundTarget", () => {
  const strict = (resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>) => ({
    allowLoopback: false,
    ...(resolve ? { resolve } : {}),
  });

  it("refuses a name that resolves to an internal address, and one of whose addresses is internal", async () => {
    await expect(
      resolveOutboundTarget("https://metadata.example/", strict(resolvesTo("169.254.169.254"))),
    ).rejects.toMatchObject({ reason: "address", addressClass: "link-local" });
    await expect(
      resolveOutboundTarget("https://mixed.example/", strict(resolvesTo("8.8.8.8", "10.0.0.5"))),
    ).rejects.toMatchObject({ reason: "address", addressClass: "private" });
  });

  it("refuses other schemes, credentials in the URL and names that do not resolve", async () => {
    for (const url of [
      "http://push.example/",
      "ftp://push.example/",
      "file:///etc/passwd",
      "https://u:p@push.example/",
    ]) {
      await expect(resolveOutboundTarget(url, strict(resolvesTo("8.8.8.8")))).rejects.toMatchObject({
        reason: "scheme",
      });
    }
    const failing = async () => {
      throw new Error("ENOTFOUND");
    };
    await expect(resolveOutboundTarget("https://nowhere.example/", strict(failing))).rejects.toBeInstanceOf(
      OutboundRefusal,
    );
    await expect(resolveOutboundTarget("https://empty.example/", strict(resolvesTo()))).rejects.toMatchObject({
      reason: "unresolvable",
    });
  });

  it("accepts https on a public address and returns the address to connect to", async () => {
    const target = await resolveOutboundTarget("https://push.example/x", strict(resolvesTo("8.8.4.4")));
    expect(target).toMatchObject({ address: "8.8.4.4", family: 4 });
  });

  it("with allowLoopback, lets http and https reach loopback only", async () => {
    const loose = { allowLoopback: true, resolve: resolvesTo("127.0.0.1") };
    await expect(resolveOutboundTarget("http://push.test/", loose)).resolves.toMatchObject({ address: "127.0.0.1" });
    await expect(
      resolveOutboundTarget("http://push.example/", { allowLoopback: true, resolve: resolvesTo("8.8.8.8") }),
    ).rejects.toMatchObject({ reason: "scheme" });
    await expect(
      resolveOutboundTarget("https://push.example/", { allowLoopback: true, resolve: resolvesTo("192.168.0.2") }),
    ).rejects.toMatchObject({ reason: "address" });
  });
});

describe("guardedRequest", () => {
  it("resolves once and connects to the checked address (no second lookup a rebinding DNS could answer)", async () => {
    const seen: { host?: string; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        seen.push({ host: request.headers.host, body });
        response.statusCode = 201;
        response.end("created");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let lookups = 0;
    // A name no real resolver knows: only the pinned address can get the request there.
    const resolve = async () => {
      lookups += 1;
      return lookups === 1 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }];
    };
    try {
      const response = await guardedRequest(
        `http://rebind.plaza.invalid:${port}/push`,
        { method: "POST", headers: { "content-type": "text/plain" }, body: Buffer.from("hello"), timeoutMs: 5000 },
        { allowLoopback: true, resolve },
      );
      expect(response).toEqual({ statusCode: 201, body: "created" });
      expect(lookups).toBe(1);
      expect(seen).toEqual([{ host: `rebind.plaza.invalid:${port}`, body: "hello" }]);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  it("never connects when the target is refused", async () => {
    await expect(
      guardedRequest(
        "https://169.254.169.254/latest/meta-data",
        { method: "POST", headers: {}, body: null, timeoutMs: 1000 },
        { allowLoopback: true },
      ),
    ).rejects.toMatchObject({ reason: "address" });
  });
});
