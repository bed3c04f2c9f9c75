// Finds text the web app shows that is written into its JSX instead of coming from a message (react-intl): a JSX
// text with a letter in it, or a string with a letter given to an attribute people read or hear (placeholder,
// title, alt, aria-label, …). Used by src/i18n/catalogs.test.ts.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { type Node, parseSource, sourceFiles, WEB_ROOT, walk } from "./extract-messages.ts";

/** Attributes whose text is shown or read out. */
const READ_ATTRIBUTES = new Set([
  "placeholder",
  "title",
  "alt",
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "label",
  "description",
]);

/** Letters of any script: a text of digits, punctuation and symbols alone (" · ", "…", "%") is not language. */
const HAS_LETTER = /\p{L}/u;

export interface UntranslatedText {
  file: string;
  line: number;
  text: string;
}

export function untranslatedTextsOf(file: string, source: string): UntranslatedText[] {
  if (!file.endsWith(".tsx")) return [];
  const found: UntranslatedText[] = [];
  walk(parseSource(file, source).program, (node: Node) => {
    const line = (node.loc as { start: { line: number } } | undefined)?.start.line ?? 0;
    if (node.type === "JSXText") {
      const raw = String(node.value);
      const text = raw.trim();
      // The line of the text itself, not of the tag before it.
      const skipped = (/^\s*/.exec(raw)?.[0].match(/\n/g) ?? []).length;
      if (HAS_LETTER.test(text)) found.push({ file, line: line + skipped, text });
    }
    if (node.type === "JSXAttribute") {
      const name = (node.name as Node).name;
      const value = node.value as Node | null;
      if (typeof name === "string" && READ_ATTRIBUTES.has(name) && value?.type === "StringLiteral") {
        const text = String(value.value);
        if (HAS_LETTER.test(text)) found.push({ file, line, text: `${name}="${text}"` });
      }
    }
  });
  return found;
}

/** Every untranslated text of the app's .tsx files, by file (relative to apps/web). */
export function untranslatedTexts(): Map<string, UntranslatedText[]> {
  const byFile = new Map<string, UntranslatedText[]>();
  for (const path of sourceFiles()) {
    const file = relative(WEB_ROOT, path);
    const texts = untranslatedTextsOf(file, readFileSync(path, "utf8"));
    if (texts.length > 0) byFile.set(file, texts);
  }
  return byFile;
}

if (process.argv[1] === import.meta.filename) {
  const byFile = untranslatedTexts();
  for (const [file, texts] of byFile) console.log(`${file}: ${texts.length}`);
  console.log(`${[...byFile.values()].flat().length} untranslated texts in ${byFile.size} files`);
}
