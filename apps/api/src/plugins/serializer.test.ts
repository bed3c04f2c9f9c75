import { postView } from "@plaza/contracts/posts";
import fastJsonStringify from "fast-json-stringify";
import Fastify from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { serializerCompiler } from "./serializer";

// The real fast-json-stringify, counted: compiling a serializer is deferred to a route's first answer.
vi.mock("fast-json-stringify", async (importOriginal) => {
  const real = await importOriginal<{ default: (...args: unknown[]) => unknown }>();
  return { default: vi.fn(real.default) };
});

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: "GET", url: "/test", httpStatus: "200" }) as (data: unknown) => string;

const post = {
  id: "3b0b3a4e-8c1f-4c55-9a3e-0d3e2f1a9b10",
  authorId: "5f1c2d3e-4b5a-4c6d-8e7f-a0b1c2d3e4f5",
  authorName: "Ana Souza",
  author: {
    id: "5f1c2d3e-4b5a-4c6d-8e7f-a0b1c2d3e4f5",
    username: "ana",
    firstName: "Ana",
    lastName: null,
    displayName: "Ana Souza",
    profileImageUrl: null,
    profileType: "creator",
    isVerified: false,
  },
  title: null,
  content: 'Quotes " and \\ and </script> and ünïcödé',
  createdAt: "2026-11-23T01:02:03.456Z",
  editedAt: null,
  priceLocked: false,
  business: null,
  perkCouponId: null,
  perk: null,
  postType: "ppv",
  price: 4.5,
  isPpv: true,
  ppvPrice: 4.5,
  mediaUrl: null,
  mediaUrls: [],
  imageUrl: null,
  altText: null,
  mediaType: null,
  media: [],
  category: null,
  tags: ["food", "porto"],
  city: "Porto",
  state: null,
  country: "Portugal",
  isLocked: true,
  isCommentable: true,
  isLikeable: true,
  likeCount: 3,
  commentCount: 0,
  isLiked: false,
  abilities: { canLike: true, canComment: true, canDelete: false, canEdit: false },
};

describe("response serializer", () => {
  let app: ReturnType<typeof Fastify> | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it("writes exactly what zod's serializer writes for a page of posts", () => {
    const page = z.array(postView);
    const parsed = page.parse([post, { ...post, title: "Hello", state: "Norte", isLocked: false }]);
    const zodSerialize = zodSerializerCompiler({
      schema: page,
      method: "GET",
      url: "/test",
      httpStatus: "200",
    }) as (data: unknown) => string;
    expect(compile(page)(parsed)).toBe(zodSerialize(parsed));
  });

  it("never writes a property the schema does not declare, at any depth", () => {
    const schema = z.object({ id: z.string(), author: z.object({ name: z.string().nullable() }) });
    const output = compile(schema)({
      id: "1",
      email: "secret@example.test",
      author: { name: null, passwordHash: "$argon2id$secret" },
    });
    expect(JSON.parse(output)).toEqual({ id: "1", author: { name: null } });
    expect(output).not.toContain("secret");
  });

  it("keeps zod's serializer for a schema JSON Schema cannot express (a Date)", () => {
    const schema = z.object({ at: z.date() });
    expect(compile(schema)({ at: new Date("2026-11-23T00:00:00.000Z") })).toBe('{"at":"2026-11-23T00:00:00.000Z"}');
    expect(() => compile(schema)({ at: "not a date" })).toThrow();
  });

  it("answers 500, not a malformed body, when a required field is missing", async () => {
    app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    app.get("/broken", { schema: { response: { 200: z.object({ id: z.string() }) } } }, async () => ({}));
    const response = await app.inject({ method: "GET", url: "/broken" });
    expect(response.statusCode).toBe(500);
  });

  it("compiles a route's serializer on its first answer, once, not when the route is registered", () => {
    const compiled = vi.mocked(fastJsonStringify);
    compiled.mockClear();
    const serialize = compile(z.object({ id: z.string() }));
    expect(compiled).not.toHaveBeenCalled();
    expect(serialize({ id: "a", secret: "b" })).toBe('{"id":"a"}');
    expect(serialize({ id: "c" })).toBe('{"id":"c"}');
    expect(compiled).toHaveBeenCalledTimes(1);
  });
});
