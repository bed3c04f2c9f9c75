import { describe, expect, it } from "vitest";
import { routeShapeProblems } from "./route-shape";
import { expectShape, moduleFiles } from "./source-shape";

/** Checks every `*.routes.ts` file against docs/ARCHITECTURE.md "One route shape" (see route-shape.ts). */

/**
 * Files with routes that cannot be one service call, and why. Each is checked to still need its place here, so the
 * list cannot outlive the reason.
 */
const OUTSIDE_THE_SHAPE: Record<string, string> = {
  "apps/api/src/modules/messaging/live-events.routes.ts": "a WebSocket: a connection with its own life, not one answer",
  "apps/api/src/modules/uploads/objects.routes.ts":
    "a stored object's bytes streamed from storage by byte ranges (Range, ETag, 304, 416, a CDN redirect), not JSON",
};

describe("the route shape", () => {
  it("holds for every route file but those listed with their reason", () => {
    const files = moduleFiles(".routes.ts");
    expect(files.length).toBeGreaterThan(20);
    expectShape(files, OUTSIDE_THE_SHAPE, "OUTSIDE_THE_SHAPE", routeShapeProblems);
  });

  it("accepts a route in the shape", () => {
    const source = `
      import { route, ok } from "../../lib/route";
      import { getPost } from "./posts.service";
      export async function postRoutes(app) {
        route(app, "GET", "/api/posts/:id", { schema: {} }, async (request) =>
          ok(await getPost(app.context, requireViewer(request), request.params.id)),
        );
      }`;
    expect(routeShapeProblems("good.routes.ts", source)).toEqual([]);
  });

  it("accepts an idempotent money route and an HTML page in the shape", () => {
    const source = `
      import { html, replayable, route } from "../../lib/route";
      export async function moneyRoutes(app) {
        route(app, "POST", "/api/tips", { schema: {}, config: { access: "user", idempotent: true } }, async (request, idempotency) =>
          replayable(await sendTip(app.context, requireViewer(request), request.body, idempotency)),
        );
        route(app, "GET", "/api/page", { schema: {} }, async (request) => html(await pageOf(app.context, request.query.token)));
      }`;
    expect(routeShapeProblems("money.routes.ts", source)).toEqual([]);
  });

  it("names each route that is not in the shape, and why", () => {
    const source = `
      import { findPost } from "./posts.repository";
      import { presentPost } from "./posts.presenter";
      export async function postRoutes(app) {
        app.get("/api/posts/:id", {}, async (request) => presentPost(await findPost(app.context.db, request.params.id)));
        route(app, "GET", "/api/posts/:id/a", { schema: {} }, async (request) => {
          const post = await getPost(app.context, request.params.id);
          return ok(post);
        });
        route(app, "GET", "/api/posts/:id/b", { schema: {} }, async (request) =>
          ok(presentPost(await getPost(app.context, request.params.id))),
        );
        route(app, "GET", "/api/posts/:id/c", { schema: {} }, async (request) =>
          ok(await getPost(app.context, await getViewer(request))),
        );
        route(app, "GET", "/api/posts/:id/d", { schema: {} }, async (request) => getPost(app.context, request.params.id));
      }`;
    const problems = routeShapeProblems("wrong.routes.ts", source);
    expect(problems).toEqual([
      "wrong.routes.ts:2 imports ./posts.repository (a route reads through one service call)",
      "wrong.routes.ts:3 imports ./posts.presenter (a route reads through one service call)",
      "wrong.routes.ts:5 app.get(...) declares a route without route() (lib/route.ts)",
      'wrong.routes.ts:6 GET "/api/posts/:id/a": the handler has a body of statements (it should be one result expression)',
      'wrong.routes.ts:10 GET "/api/posts/:id/b": more than one call: await getPost(app.context, request.param',
      'wrong.routes.ts:13 GET "/api/posts/:id/c": more than one call: await getViewer(request)',
      'wrong.routes.ts:16 GET "/api/posts/:id/d": the handler answers getPost(app.context, request.params.id) instead of ok/created/noContent/page/redirect(...)',
    ]);
  });

  it("names a registration function that is too long", () => {
    const body = Array.from({ length: 121 }, (_, line) => `  const line${line} = ${line};`).join("\n");
    const problems = routeShapeProblems("long.routes.ts", `export function longRoutes() {\n${body}\n}`);
    expect(problems).toEqual(["long.routes.ts:1 a function of 123 lines (at most 120)"]);
  });
});
