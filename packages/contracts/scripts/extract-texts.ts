// The English texts of the contracts (packages/contracts/src: the server's messages, the labels and rules' texts
// shared by the server and the web app), which the texts catalogs translate (src/i18n/texts.<locale>.json, keyed by
// the English text: the texts of the contract and docs/PRODUCT.md stay exactly as written). A template's placeholders are
// numbered: `New accounts … ends on ${until}.` is the key "New accounts … ends on {0}." (src/i18n/translate-text.ts).
// Used by src/i18n/texts-catalogs.test.ts; `node scripts/extract-texts.ts` lists them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Node, parseSource, walk } from "../../../scripts/source-ast.ts";

const SOURCE_DIR = join(import.meta.dirname, "..", "src");

/** A text people read: a capital letter first (not an enum's value, a code or a path) and a word of letters. */
const IS_TEXT = /^[“"¿¡]?\p{Lu}(?!\p{Lu}*(_|$))[\s\S]*\p{Ll}/u;
/** A piece of a sentence written in lower case ("the creator", "e.g. 2. No harassment"): three words or more. */
const IS_LOWER_CASE_TEXT = /^[,;]?\s*\p{Ll}+\.?(\s+\S+){1,}$/u;

export interface ContractText {
  /** The English text; a template's placeholders as {0}, {1}, … */
  key: string;
  /** The source file it is written in. */
  file: string;
}

function sourceFiles(): string[] {
  return readdirSync(SOURCE_DIR)
    .filter((file) => file.endsWith(".ts") && !file.includes(".test.") && !file.includes(".gen."))
    .sort();
}

/**
 * The template's text with numbered placeholders; undefined for a fragment: no word of its own, or, when it starts
 * with a value, fewer than two (`${who} and ${others}`, a path).
 */
function templateKey(node: Node): string | undefined {
  const quasis = (node.quasis as { value: { cooked: string } }[]).map((quasi) => quasi.value.cooked);
  const words = (quasis.join(" ").match(/\p{L}{2,}/gu) ?? []).length;
  if (words < 1) return undefined;
  return quasis.reduce((key, quasi, index) => (index === 0 ? quasi : `${key}{${index - 1}}${quasi}`), "");
}

export function contractTexts(): ContractText[] {
  const found = new Map<string, ContractText>();
  for (const file of sourceFiles()) {
    const ast = parseSource(file, readFileSync(join(SOURCE_DIR, file), "utf8"));
    walk(ast.program, (node) => {
      let key: string | undefined;
      if (node.type === "StringLiteral") key = String(node.value);
      if (node.type === "TemplateLiteral") {
        key =
          (node.expressions as unknown[]).length === 0
            ? (node.quasis as { value: { cooked: string } }[])[0]?.value.cooked
            : templateKey(node);
      }
      const isTemplate = node.type === "TemplateLiteral" && (node.expressions as unknown[]).length > 0;
      // A template was judged by templateKey (words, not a pattern or a path); a string is a text when it reads as one.
      const isText =
        key !== undefined &&
        (isTemplate ? / /.test(key) && !key.includes("\\") : IS_TEXT.test(key) || IS_LOWER_CASE_TEXT.test(key));
      if (key !== undefined && isText && !found.has(key)) found.set(key, { key, file });
    });
  }
  return [...found.values()];
}

if (process.argv[1] === import.meta.filename) {
  for (const { key, file } of contractTexts()) console.log(`${file}\t${JSON.stringify(key)}`);
}
