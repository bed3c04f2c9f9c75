// The web app's English catalog, extracted from the code: every message is an object literal with a string `id` and
// `defaultMessage` (react-intl's message descriptor, written in a `defineMessages` call beside where it is shown).
// `npm run i18n:extract -w apps/web` writes src/i18n/catalogs/en/<area>.json, which the other languages translate; a test
// (src/i18n/catalogs.test.ts) fails when it is not the code's.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Node, parseSource, stringValue, walk } from "../../../scripts/source-ast.ts";

export { type Node, parseSource, walk };

export const WEB_ROOT = join(import.meta.dirname, "..");
const SOURCE_DIR = join(WEB_ROOT, "src");
export const CATALOGS_DIR = join(SOURCE_DIR, "i18n", "catalogs");

/**
 * The area a file's messages belong to, which is also their ids' first segment and their catalog file's name
 * (catalogs/<locale>/<area>.json): a feature's folder name, `shell` for the app's frame (app/, components/, lib/).
 */
export function areaOf(file: string): string {
  return /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? "shell";
}

export interface ExtractedMessage {
  id: string;
  defaultMessage: string;
  file: string;
}

/** The app's source files (tests left out). */
export function sourceFiles(directory: string = SOURCE_DIR): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function propertyName(node: Node): string | undefined {
  const key = node.key as Node;
  if (node.computed) return undefined;
  if (key.type === "Identifier") return key.name as string;
  return stringValue(key);
}

/** Every message descriptor of one file. */
export function messagesOf(file: string, text: string): ExtractedMessage[] {
  const ast = parseSource(file, text);
  const found: ExtractedMessage[] = [];
  walk(ast.program, (node) => {
    if (node.type !== "ObjectExpression") return;
    let id: string | undefined;
    let defaultMessage: string | undefined;
    for (const property of node.properties as Node[]) {
      if (property.type !== "ObjectProperty") continue;
      const name = propertyName(property);
      if (name === "id") id = stringValue(property.value);
      if (name === "defaultMessage") defaultMessage = stringValue(property.value);
    }
    if (id !== undefined && defaultMessage !== undefined) found.push({ id, defaultMessage, file });
  });
  return found;
}

/** The catalog of the code's messages, sorted by id; throws on an id given two different English texts. */
export function extractMessages(): Record<string, string> {
  const byId = new Map<string, ExtractedMessage>();
  for (const file of sourceFiles(SOURCE_DIR)) {
    for (const message of messagesOf(relative(WEB_ROOT, file), readFileSync(file, "utf8"))) {
      const known = byId.get(message.id);
      if (known && known.defaultMessage !== message.defaultMessage) {
        throw new Error(`message ${message.id} has two English texts: in ${known.file} and ${message.file}`);
      }
      byId.set(message.id, message);
    }
  }
  return Object.fromEntries([...byId.keys()].sort().map((id) => [id, byId.get(id)?.defaultMessage ?? ""]));
}

/** The extracted catalog split by area (the ids' first segment). */
export function byArea(catalog: Record<string, string>): Map<string, Record<string, string>> {
  const areas = new Map<string, Record<string, string>>();
  for (const [id, text] of Object.entries(catalog)) {
    const area = id.split(".")[0] ?? "";
    areas.set(area, { ...areas.get(area), [id]: text });
  }
  return areas;
}

if (process.argv[1] === import.meta.filename) {
  const catalog = extractMessages();
  const englishDir = join(CATALOGS_DIR, "en");
  for (const file of readdirSync(englishDir)) rmSync(join(englishDir, file));
  for (const [area, messages] of byArea(catalog)) {
    writeFileSync(join(englishDir, `${area}.json`), `${JSON.stringify(messages, null, 2)}\n`);
  }
  console.log(`${Object.keys(catalog).length} messages written to ${relative(process.cwd(), englishDir)}`);
}
