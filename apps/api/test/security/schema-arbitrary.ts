import fc from "fast-check";
import { type ZodType, z } from "zod";

/**
 * fast-check arbitraries from the routes' zod schemas (through `z.toJSONSchema`, input side): values that pass
 * the schema's shape, and hostile ones around them. Refinements are not in JSON Schema, so "valid" values are
 * valid in shape only, which is what a fuzzer wants anyway.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

export function jsonSchemaOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Texts that have hurt web apps: SQL, markup, template and path tricks, odd unicode, NUL bytes. */
export const NASTY_STRINGS = [
  "' OR 1=1--",
  "'; drop table users; --",
  "$1",
  "\\x00",
  "\u0000",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  `{{7*7}}$\u007b7*7}`,
  "../../../../etc/passwd",
  "%00%0d%0a",
  "\ud83d\ude00\u202e\u200b",
  "\ud800",
  "Ω≈ç√∫˜µ≤≥÷",
  "🏳️‍🌈".repeat(50),
  "a".repeat(10_000),
  "__proto__",
  "constructor",
  "NaN",
  "-1",
  "1e308",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
];

/**
 * Characters the plain-text rule refuses (docs/PRODUCT.md "Fidelity fixes"): every C0 control but tab and newline
 * (carriage return is normalised, so it is sent too), DEL, and lone surrogates (half an emoji).
 */
export const FORBIDDEN_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter(
    (char) => char !== "\t" && char !== "\n",
  ),
  "\u007f",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
];

/** `text` with a forbidden character at its start, middle or end, or only that character (NUL most often). */
export function withForbiddenCharacter(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const character = fc.oneof(
    { weight: 2, arbitrary: fc.constant("\u0000") },
    { weight: 3, arbitrary: fc.constantFrom(...FORBIDDEN_CHARACTERS) },
  );
  return fc.tuple(text, character, fc.constantFrom("start", "middle", "end", "only")).map(([value, char, where]) => {
    if (where === "only") return char;
    if (where === "start") return `${char}${value}`;
    if (where === "end") return `${value}${char}`;
    const middle = Math.floor(value.length / 2);
    return `${value.slice(0, middle)}${char}${value.slice(middle)}`;
  });
}

export const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.string({ unit: "grapheme", maxLength: 64 }),
  withForbiddenCharacter(fc.string({ unit: "grapheme-ascii", maxLength: 20 })),
);

/** Numbers at the edges of what JSON carries: huge, tiny, beyond the safe integers. */
export const EXTREME_NUMBERS = [
  1e300,
  -1e300,
  1e-300,
  -1e-300,
  5e-324,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  2 ** 31,
  -(2 ** 31) - 1,
  1e21,
];

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, [], {}),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant({ $gt: 0 }),
  fc.constant({ __proto__: { isSuperuser: true } }),
);

/**
 * Strings of the schema's shape, and now and then the same string carrying a forbidden character (start, middle,
 * end or alone), so every text field of every body and query meets the whole class.
 */
function stringArbitrary(schema: JsonSchema, ids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const shaped = shapedString(schema, ids);
  return fc.oneof({ weight: 11, arbitrary: shaped }, { weight: 1, arbitrary: withForbiddenCharacter(shaped) });
}

function shapedString(schema: JsonSchema, ids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  if (schema.format === "uuid") return ids;
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "uri" || schema.format === "url") return fc.webUrl();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, minLength + 60);
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Number.MAX_SAFE_INTEGER));
    } catch {
      // A pattern JavaScript cannot read: fall through to plain strings.
    }
  }
  return fc.string({ minLength, maxLength, unit: "grapheme-ascii" });
}

/** Numbers in the schema's range, and now and then an extreme one that ignores it. */
function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const extreme = fc.constantFrom(...EXTREME_NUMBERS.filter((value) => !integer || Number.isInteger(value)));
  return fc.oneof({ weight: 8, arbitrary: rangedNumber(schema, integer) }, { weight: 1, arbitrary: extreme });
}

function rangedNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
  if (integer)
    return fc.integer({
      min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)),
      max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
    });
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
  );
}

/** A value that matches the schema's shape. `ids` feeds every uuid (known rows mixed with random ones). */
export function arbitraryFor(schema: JsonSchema, ids: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => arbitraryFor(option, ids, depth + 1)));
  if (schema.allOf?.[0]) return arbitraryFor(schema.allOf[0], ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringArbitrary(schema, ids);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? arbitraryFor(schema.items, ids, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      });
    case "object": {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) record[key] = arbitraryFor(child, ids, depth + 1);
      const known = fc.record(record, { requiredKeys: [...required].filter((key) => key in properties) });
      if (typeof schema.additionalProperties === "object") {
        const keys = schema.propertyNames ? stringArbitrary(schema.propertyNames, ids) : fc.string({ maxLength: 20 });
        const extra = fc.dictionary(keys, arbitraryFor(schema.additionalProperties, ids, depth + 1), { maxKeys: 4 });
        return fc.tuple(known, extra).map(([base, more]) => ({ ...more, ...base }));
      }
      return known;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function deeplyNested(depth: number): unknown {
  let value: unknown = "deep";
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { next: value };
  return value;
}

/** Hostile versions of a valid object: a field swapped for a nasty value, dropped, or extra dangerous keys. */
export function mutate(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.tuple(valid, nastyValue, fc.nat()).map(([value, nasty, pick]) => {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return nasty;
      const keys = Object.keys(value);
      if (keys.length === 0) return { [String(nasty)]: nasty };
      return { ...value, [keys[pick % keys.length] as string]: nasty };
    }),
    fc.tuple(valid, fc.nat()).map(([value, pick]) => {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
      const copy = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      if (keys.length > 0) delete copy[keys[pick % keys.length] as string];
      return copy;
    }),
    fc
      .tuple(
        valid,
        fc.constantFrom("isSuperuser", "authorId", "ownerId", "userId", "likeCount", "priceCents", "id"),
        nastyValue,
      )
      .map(([value, key, extra]) => (value && typeof value === "object" ? { ...value, [key]: extra } : value)),
    nastyValue,
    fc.constantFrom(deeplyNested(64), [], [[[]]], "", "null", 0),
  );
}

/** Raw bodies JSON.stringify cannot produce: prototype pollution keys, broken and enormous JSON. */
export const RAW_BODIES = [
  '{"__proto__":{"isSuperuser":true}}',
  '{"constructor":{"prototype":{"isSuperuser":true}}}',
  '{"a":1,"a":2}',
  '{"unterminated": "',
  "{'single': 'quotes'}",
  "\u0000",
  "[".repeat(20_000),
  `${'{"next":'.repeat(5000)}1${"}".repeat(5000)}`,
  `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
  `{"big":"${"x".repeat(1_100_000)}"}`,
  "1e99999",
  "\ufeff{}",
];
