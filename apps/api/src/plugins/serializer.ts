import fastJsonStringify from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

type JsonSchema = Record<string, unknown>;
const PRIMITIVE_TYPES = new Set(["string", "number", "integer", "boolean"]);

/**
 * `anyOf: [{ type: "string", … }, { type: "null" }]` (how zod writes `.nullable()`) as
 * `{ type: ["string", "null"], … }`: fast-json-stringify writes that directly, while for an anyOf it has to
 * validate the value against each branch on every call. Everything else is kept as it is.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (schema === null || typeof schema !== "object") return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) result[key] = simplify(value);
  const branches = result.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((branch) => (branch as JsonSchema).type === "null");
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === "string" && PRIMITIVE_TYPES.has(other.type)) {
      const { anyOf: _anyOf, ...rest } = result;
      return { ...rest, ...other, type: [other.type, "null"] };
    }
  }
  return result;
}

/**
 * Responses leave through fast-json-stringify, compiled once per route from the route's zod response schema
 * (as JSON Schema, output side): only the properties the schema declares are written, so a field a presenter
 * did not mean to send (a private one included) never leaves, and a list of posts is written about three times
 * faster than zod's parse followed by JSON.stringify (the feed's hot path, see bench/results/history.md). A schema JSON
 * Schema cannot express (a Date, say) keeps the zod serializer. The tests check every answer against the zod
 * schema itself (schema-fuzz.int.test.ts, the API-docs test).
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  // Compiled on the route's first answer with this status, not at start-up: ~150 routes' serializers are generated
  // code, and a process holds only those of the routes it serves (idle RSS, bench/results/history.md).
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compileSerializer(route);
    return serialize(data);
  };
};

function compileSerializer(route: Parameters<FastifySerializerCompiler<ZodType>>[0]): (data: unknown) => string {
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJsonStringify(simplify(jsonSchema) as Parameters<typeof fastJsonStringify>[0]);
}
