import { findForbiddenCharacter, normalizeLineBreaks } from "@plaza/contracts/text";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";

type Problem = { path: string; message: string };

/** Nesting deeper than this is left to the schemas (which refuse it); the walk stays bounded. */
const MAX_DEPTH = 64;
/** Problems listed in one answer; one is enough to fix the form, a few help a client. */
const MAX_PROBLEMS = 10;

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Applies the contracts' plain-text rule to a parsed value in place (it is this request's own copy): strings get
 * their line breaks normalised; every string or key that still holds a forbidden character is collected.
 * Returns the value to keep (a new string when the value itself is a string).
 */
function clean(value: unknown, path: string, problems: Problem[], depth: number, isRecord = false): unknown {
  if (typeof value === "string") {
    const problem = findForbiddenCharacter(value);
    if (problem && problems.length < MAX_PROBLEMS) problems.push({ path, message: problem });
    return normalizeLineBreaks(value);
  }
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      value[index] = clean(value[index], join(path, String(index)), problems, depth + 1);
    }
    return value;
  }
  // Upload bytes (a Buffer) and other non-plain objects are not text. (The parsed query and path parameters are
  // records whose prototype is the parser's own, hence `isRecord`.)
  const prototype = Object.getPrototypeOf(value);
  if (!isRecord && prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const keyProblem = findForbiddenCharacter(key);
    const keyPath = join(path, keyProblem ? "(field name)" : key);
    if (keyProblem && problems.length < MAX_PROBLEMS) problems.push({ path: keyPath, message: keyProblem });
    const item = record[key];
    const cleaned = clean(item, keyPath, problems, depth + 1);
    if (cleaned !== item) record[key] = cleaned;
  }
  return value;
}

/**
 * One enforcement point for every route, present and future: before validation, the path parameters, the query
 * and the body follow the plain-text rule of packages/contracts/src/text.ts (docs/PRODUCT.md "Fidelity fixes"). Line
 * breaks become "\n"; a control character (U+0000–U+001F except tab and newline, U+007F) or a lone surrogate
 * left anywhere answers 400 naming the field, so no NUL byte reaches the database (PostgreSQL refuses it in text,
 * which used to end in a 500).
 */
export function registerPlainText(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const problems: Problem[] = [];
    request.params = clean(request.params, "params", problems, 0, true);
    request.query = clean(request.query, "query", problems, 0, true);
    request.body = clean(request.body, "", problems, 0);
    const first = problems[0];
    if (first) throw new AppError("VALIDATION_FAILED", 400, first.message, { errors: problems });
  });
}
