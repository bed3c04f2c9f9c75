import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { IDEMPOTENCY_KEY_HEADER } from "@plaza/contracts/payments";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories/users";
import { createApiClient, walkThrough } from "../../test/openapi/client";
import { listRoutes, type RouteEntry } from "../../test/route-list";
import { buildTestApp, type TestApp, TestClient } from "../../test/test-app";
import { operationIdOf } from "../lib/route";
import { API_DOCS_PATH, API_TAGS } from "./api-docs";

/**
 * The OpenAPI document at /api/docs/json: valid, complete (every registered route, each with a success answer,
 * its errors, a summary and a tag) and truthful (what routes really answer is documented).
 */
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  tags: { name: string }[];
}

let harness: TestApp;
let document: OpenApiDocument;
let routes: RouteEntry[];

const MONEY_ROUTES = [
  "POST /api/tips",
  "POST /api/ppv-unlocks",
  "POST /api/subscriptions",
  "POST /api/events/:id/tickets",
];

/** `/api/posts/:id` → `/api/posts/{id}`, as OpenAPI writes paths. */
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

function operationOf(method: string, path: string): Operation | undefined {
  return document.paths[toOpenApiPath(path)]?.[method.toLowerCase()];
}

function routeKeys(): string[] {
  return routes.flatMap((route) => route.methods.map((method) => `${method} ${route.path}`));
}

beforeAll(async () => {
  harness = await buildTestApp();
  const response = await harness.app.inject({ method: "GET", url: `${API_DOCS_PATH}/json` });
  expect(response.statusCode).toBe(200);
  document = response.json();
  // The docs' own routes are the only registered routes the document leaves out.
  routes = listRoutes(harness.app.printRoutes({ commonPrefix: false })).filter(
    (route) => !route.path.startsWith(API_DOCS_PATH),
  );
});
afterAll(() => harness.close());

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    // validate() dereferences in place, so it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    expect(document.components.schemas.Error).toMatchObject({ type: "object", required: ["message"] });
  });

  it("names the contracts' main objects and their pages as components, and the operations refer to them", () => {
    const names = ["Post", "PostPage", "User", "UserSummary", "Business", "BusinessPage", "Coupon", "CouponPage"];
    names.push("Message", "MessagePage", "Notification", "NotificationPage", "Conversation", "Comment");
    for (const name of names) expect(document.components.schemas[name], name).toBeDefined();
    const json = (method: string, path: string, status: string) =>
      operationOf(method, path)?.responses[status]?.content?.["application/json"]?.schema;
    expect(json("GET", "/api/posts/feed", "200")).toEqual({ $ref: "#/components/schemas/PostPage" });
    expect(json("GET", "/api/posts/:id", "200")).toEqual({ $ref: "#/components/schemas/Post" });
    expect(json("GET", "/api/auth/user", "200")).toEqual({ $ref: "#/components/schemas/User" });
    expect(document.components.schemas.PostPage).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Post" },
    });
  });

  it("lists every registered route, and nothing else, with a summary, its module's tag and its operationId", () => {
    const keys = routeKeys();
    expect(keys.length).toBeGreaterThan(90);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(keys.map((key) => toOpenApiPath(key)).sort());
    const tagNames = new Set<string>(API_TAGS.map((tag) => tag.name));
    for (const key of keys) {
      const [method = "", path = ""] = key.split(" ");
      const operation = operationOf(method, path);
      expect(operation?.summary, key).toBeTruthy();
      expect(operation?.tags?.length, key).toBe(1);
      expect(tagNames.has(operation?.tags?.[0] ?? ""), key).toBe(true);
      // Derived from method and path, never named otherwise; a change to the formula shows as a stale
      // api-operations.gen.ts below (the names the web's generated client calls).
      expect(operation?.operationId, key).toBe(operationIdOf(method, path));
    }
    // The tag comes from the module's registration (app.ts, taggedRoutes); a route may name another one.
    expect(operationOf("GET", "/api/posts/:id")?.tags).toEqual(["Posts"]);
    expect(operationOf("POST", "/api/tips")?.tags).toEqual(["Payments"]);
    expect(operationOf("GET", "/api/businesses/:id/photos")?.tags).toEqual(["Businesses"]);
  });

  it("gives every route a success answer and the errors its shape implies, with the shared error body", () => {
    const navigations = new Set(["GET /api/login", "GET /api/logout", "GET /api/live"]);
    for (const key of routeKeys()) {
      const [method = "", path = ""] = key.split(" ");
      const operation = operationOf(method, path) as Operation;
      const statuses = Object.keys(operation.responses);
      const successes = statuses.filter((status) => /^[123]\d\d$/.test(status));
      if (navigations.has(key)) expect(successes, key).toEqual([key === "GET /api/live" ? "101" : "302"]);
      else
        expect(
          successes.some((status) => status.startsWith("2")),
          `${key} has a 2xx`,
        ).toBe(true);
      for (const status of statuses.filter((status) => /^[45]/.test(status))) {
        const response = operation.responses[status];
        expect(response?.description, `${key} ${status}`).not.toBe("Default Response");
        // Health checks and stored images answer in their own formats; the API always with the Error body.
        if (!path.startsWith("/api/")) continue;
        expect(response?.content?.["application/json"]?.schema, `${key} ${status}`).toEqual({
          $ref: "#/components/schemas/Error",
        });
      }
      const isPublic = operation.security?.some((requirement) => Object.keys(requirement).length === 0) ?? false;
      if (path.startsWith("/api/")) expect(statuses, key).toContain("429");
      if (!isPublic) expect(statuses, key).toEqual(expect.arrayContaining(["401"]));
      expect(operation.security, key).toEqual(isPublic ? [{}, { session: [] }] : [{ session: [] }]);
      if (["POST", "PUT", "PATCH", "DELETE"].includes(method)) expect(statuses, key).toContain("403");
      if (path.includes("/:")) expect(statuses, key).toEqual(expect.arrayContaining(["400", "404"]));
      const hasIdempotencyKey = operation.parameters?.some(
        (parameter) => parameter.in === "header" && parameter.name === IDEMPOTENCY_KEY_HEADER,
      );
      expect(hasIdempotencyKey ?? false, key).toBe(MONEY_ROUTES.includes(key));
    }
    const admin = operationOf("GET", "/api/admin/stats");
    expect(Object.keys(admin?.responses ?? {}).sort()).toEqual(["200", "401", "403", "429"]);
    const tip = operationOf("POST", "/api/tips");
    expect(Object.keys(tip?.responses ?? {}).sort()).toEqual(
      ["200", "201", "202", "400", "401", "402", "403", "404", "409", "413", "415", "429"].sort(),
    );
    const unfollow = operationOf("POST", "/api/follows/requests/:userId/approve");
    expect(unfollow?.responses["204"]).toEqual({ description: "Done; no body" });
  });

  it("documents every status the routes really answer to signed-out, signed-in, cross-site and unknown-id calls", async () => {
    const signedIn = (await buildUser(harness.app, { profileType: "business" })).client;
    const undocumented: string[] = [];
    const id = "00000000-0000-4000-8000-000000000000";
    const testable = routes.filter(
      (route) => route.path !== "/api/live" && !route.path.includes("logout") && route.path.startsWith("/api/"),
    );
    for (const route of testable) {
      const path = route.path.replace(/:[A-Za-z]+/g, id);
      for (const method of route.methods) {
        const statuses = Object.keys(operationOf(method, route.path)?.responses ?? {});
        const payload = method === "GET" || method === "DELETE" ? undefined : {};
        const calls = [
          { client: new TestClient(harness.app), headers: {} },
          { client: signedIn, headers: {} },
          { client: signedIn, headers: { origin: "https://elsewhere.example" } },
        ];
        for (const { client, headers } of calls) {
          const response = await client.request({ method: method as "GET", url: path, payload, headers });
          if (!statuses.includes(String(response.statusCode))) {
            undocumented.push(`${method} ${route.path} answered ${response.statusCode}`);
          }
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});

/**
 * The generated types an outside client compiles against (apps/api/test/openapi/client.ts), which the web app's
 * client uses too (apps/web/src/lib/api.ts), and the table of operations (operationId → method and path) its cache
 * keys are derived from.
 */
const GENERATED_TYPES = new URL("../../../../packages/contracts/src/api-types.gen.ts", import.meta.url);
const GENERATED_OPERATIONS = new URL("../../../../packages/contracts/src/api-operations.gen.ts", import.meta.url);

function operationsTable(): string {
  const rows = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(
      ([method, operation]) => `  ${operation.operationId}: { method: "${method}", path: "${path}" },`,
    ),
  );
  return [
    "// Generated from GET /api/docs/json by apps/api/src/plugins/api-docs.int.test.ts; do not edit.",
    "/** Every operation of the API by its operationId: the method and the OpenAPI path (`{param}` placeholders). */",
    "export const API_OPERATIONS = {",
    ...rows,
    "} as const;",
    "",
    "export type OperationId = keyof typeof API_OPERATIONS;",
    "",
  ].join("\n");
}

describe("the OpenAPI document for outside clients", () => {
  it("passes Redocly's recommended rules with no errors", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
    const errors = problems
      .filter((problem) => problem.severity === "error")
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  it("gives every operation a unique operationId", () => {
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => (operation as { operationId?: string }).operationId),
    );
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationOf("GET", "/api/posts/:id")).toMatchObject({ operationId: "getPostsById" });
  });

  it("describes the upload's request body (raw bytes), so a generated client can send it", () => {
    const upload = operationOf("PUT", "/api/uploads/:uploadId") as Operation & {
      requestBody?: { content: Record<string, { schema: unknown }> };
    };
    expect(upload.requestBody?.content["application/octet-stream"]?.schema).toEqual({
      type: "string",
      format: "binary",
    });
    expect(Object.keys(upload.requestBody?.content ?? {})).toContain("image/jpeg");
  });

  it("matches the committed generated types and operations (UPDATE_API_TYPES=1 rewrites them)", async () => {
    const generated = `// Generated by openapi-typescript from GET /api/docs/json; do not edit.\n${astToString(await openapiTS(document as never))}`;
    const stale = "is stale: run UPDATE_API_TYPES=1 npx vitest run apps/api/src/plugins/api-docs.int.test.ts";
    for (const [file, text] of [
      [GENERATED_TYPES, generated],
      [GENERATED_OPERATIONS, operationsTable()],
    ] as const) {
      if (process.env.UPDATE_API_TYPES === "1" || !existsSync(file)) writeFileSync(file, text);
      expect(readFileSync(file, "utf8") === text, `${file.pathname} ${stale}`).toBe(true);
    }
  });

  it("serves the calls of a client generated from it (openapi-fetch), with the answers the types promise", async () => {
    let cookie = "";
    const client = createApiClient(async (request) => {
      const url = new URL(request.url);
      const headers: Record<string, string> = Object.fromEntries(request.headers);
      if (cookie) headers.cookie = cookie;
      const body = request.body ? await request.text() : undefined;
      const answer = await harness.app.inject({
        method: request.method as "GET",
        url: `${url.pathname}${url.search}`,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      const setCookie = answer.headers["set-cookie"];
      if (setCookie)
        cookie = [setCookie]
          .flat()
          .map((line) => String(line).split(";")[0])
          .join("; ");
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) responseHeaders.set(name, String(value));
      }
      return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: responseHeaders,
      });
    });
    const suffix = Date.now().toString(36);
    const calls = await walkThrough(client, {
      email: `client-${suffix}@example.com`,
      username: `client_${suffix}`,
      password: "correct-horse-battery",
    });
    expect(calls.registered.response.status).toBe(201);
    expect(calls.me.data?.username).toBe(`client_${suffix}`);
    expect(calls.created.response.status).toBe(201);
    expect(calls.read.data?.title).toBe("From a generated client");
    expect(calls.liked.data).toMatchObject({ isLiked: true, likeCount: 1 });
    expect(calls.missing.response.status).toBe(404);
    expect(calls.missing.error?.message).toBeTruthy();
  });
});

describe("the documentation page", () => {
  it("answers HTML with the app's security headers, and its scripts come from this server", async () => {
    const page = await harness.app.inject({ method: "GET", url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBeDefined();
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script: every script element loads a file and has nothing between its tags.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toMatch(/<script[^>]*>\s*[^<\s]/);
    for (const script of scripts) {
      expect(script.startsWith(`${API_DOCS_PATH}/static/`), script).toBe(true);
      const asset = await harness.app.inject({ method: "GET", url: script });
      expect(asset.statusCode, script).toBe(200);
      expect(asset.headers["content-type"], script).toContain("javascript");
    }
  });

  it("is not shadowed by the web app's fallback, and the document is public", async () => {
    const webDist = mkdtempSync(join(tmpdir(), "plaza-web-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Plaza app shell</title>");
    const withWebApp = await buildTestApp({ WEB_DIST_DIR: webDist });
    try {
      for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}/`]) {
        const page = await withWebApp.app.inject({ method: "GET", url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain("swagger-ui");
        expect(page.body, url).not.toContain("Plaza app shell");
      }
      const json = await new TestClient(withWebApp.app).get(`${API_DOCS_PATH}/json`);
      expect(json.statusCode).toBe(200);
      expect(json.json().paths["/api/posts/{id}"]).toBeDefined();
      expect(json.json().paths["/index.html"]).toBeUndefined();
    } finally {
      await withWebApp.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
