import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../test/factories/users";
import { listRoutes } from "../test/route-list";
import { buildTestApp, type TestApp, TestClient } from "../test/test-app";

/**
 * Bad input must get a 4xx, never a 5xx (docs/PRODUCT.md "Ground rules"). Every route the app registers is called with
 * malformed ids and bodies, signed out and signed in; none may answer 500 or more.
 */
let harness: TestApp;
let signedIn: TestClient;

const QUERY_VARIANTS = ["", "?limit=abc&cursor=%E0%A4%A&latitude=999&q=%27%3B--", "?cursor=bm90LWEtY3Vyc29y&q=a"];
let requestCount = 0;

const ID_VARIANTS = ["00000000-0000-4000-8000-000000000000", "not-an-id", "%00", "x".repeat(300), "1"];

function deeplyNested(depth: number): unknown {
  let value: unknown = "deep";
  for (let level = 0; level < depth; level += 1) value = { next: value };
  return value;
}

const BODY_VARIANTS: unknown[] = [
  {},
  [],
  { id: 1, amount: "ten", content: { nested: true }, tags: "x", latitude: "north", limit: -1 },
  { amount: Number.MAX_SAFE_INTEGER, price: -5, rating: 99, expiresAt: "yesterday", reason: "" },
  deeplyNested(200),
];

beforeAll(async () => {
  harness = await buildTestApp();
  signedIn = (await buildUser(harness.app, { profileType: "business" })).client;
});
afterAll(() => harness.close());

describe("no request gets a 5xx", () => {
  it("holds for every route with malformed ids, queries and bodies, signed out and signed in", async () => {
    const routes = listRoutes(harness.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.path.startsWith("/api/") && route.path !== "/api/live" && !route.path.includes("logout"),
    );
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ path: "/api/posts/:id/comments", methods: ["GET", "POST"] });
    expect(routes).toContainEqual({ path: "/api/agreements/acceptance", methods: ["GET"] });
    const failures: string[] = [];
    for (const route of routes) {
      const paths = route.path.includes(":")
        ? ID_VARIANTS.map((id) => route.path.replace(/:[A-Za-z]+/g, encodeURIComponent(id)))
        : [route.path];
      for (const method of route.methods) {
        for (const path of paths) {
          for (const client of [new TestClient(harness.app), signedIn]) {
            const bodies = method === "GET" || method === "DELETE" ? [undefined] : BODY_VARIANTS;
            for (const [index, body] of bodies.entries()) {
              // The malformed query once per route and body-less method; otherwise the body is what is tested.
              const query = index === 0 ? QUERY_VARIANTS[requestCount % QUERY_VARIANTS.length] : "";
              requestCount += 1;
              const response = await client.request({
                method: method as "GET",
                url: path + query,
                ...(body === undefined
                  ? {}
                  : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
              });
              if (response.statusCode >= 500)
                failures.push(`${method} ${path} → ${response.statusCode} ${response.body}`);
            }
          }
        }
      }
    }
    expect(requestCount).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 300_000);
});
