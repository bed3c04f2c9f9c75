// Reading TypeScript source as a syntax tree, for the scripts and tests that extract texts from the code (the web
// app's messages, the contracts' texts): Babel's parser, since TypeScript 7's compiler has no JavaScript API.
import { parse } from "@babel/parser";

export type Node = { type: string; [key: string]: unknown };

export function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/** A source file's tree (JSX in .tsx files only: a .ts file's `<T>(value)` is a type argument). */
export function parseSource(file: string, text: string) {
  return parse(text, { sourceType: "module", plugins: file.endsWith(".tsx") ? ["typescript", "jsx"] : ["typescript"] });
}

/** Calls `visit` on every node of `node`'s tree, parents before children. */
export function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key !== "loc" && key !== "start" && key !== "end" && key !== "extra") walk(value, visit);
  }
}

/** The text of a string literal or of a template literal without placeholders; undefined for anything else. */
export function stringValue(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === "StringLiteral") return node.value as string;
  const quasis = node.quasis as { value: { cooked: string } }[] | undefined;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0) return quasis?.[0]?.value.cooked;
  return undefined;
}
