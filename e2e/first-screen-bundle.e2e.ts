import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Plaza issue 34: the first screens (landing, sign-in, the signed-in home shell) evaluate no zod schema. Building
 * them cost ~220 ms of blocking time on a phone. Texts and constants come from `@plaza/contracts/<domain>.texts`
 * (no zod); form schemas load with their dialogs, the live connection's with its first real event. This reads the
 * production build (`npm run build`), so it checks what a browser really runs: the chunks a screen imports
 * statically, directly or not, must not hold zod. (vite.config.ts names the screens' chunks: see chunkFor.)
 */
const ASSETS = fileURLToPath(new URL("../apps/web/dist/assets", import.meta.url));
const DIST = fileURLToPath(new URL("../apps/web/dist", import.meta.url));
/** Zod's core names its base class so; minifying keeps the string. */
const ZOD_MARKER = "$ZodType";

const chunks = existsSync(ASSETS) ? readdirSync(ASSETS).filter((file) => file.endsWith(".js")) : [];
const source = (file: string) => readFileSync(join(ASSETS, file), "utf8");

/** The chunks `file` imports statically (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file: string): string[] {
  return [...source(file).matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g)].map((match) => match[1] as string);
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

/**
 * The chunk named `name`: the name, a dash and the build's 8-character hash (which may hold a dash itself). Exactly
 * 8: `sign-in-[\w-]+` also matched `sign-in-forms-…`, and which came first depended on the directory's order.
 */
function chunk(name: string): string {
  const file = chunks.find((candidate) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(candidate));
  if (!file) throw new Error(`No ${name}-*.js chunk in ${ASSETS}; run npm run build`);
  return file;
}

function entryChunks(html: string): string[] {
  const text = readFileSync(join(DIST, html), "utf8");
  return [...text.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1] as string);
}

const withZod = (files: Set<string>) => [...files].filter((file) => source(file).includes(ZOD_MARKER));

describe("first screens evaluate no zod (Plaza issue 34)", () => {
  it("the check sees zod where it is: its own chunk, loaded by the sign-in forms", () => {
    const zodChunks = withZod(new Set(chunks));
    expect(zodChunks.length).toBeGreaterThan(0);
    expect(withZod(closure([chunk("sign-in-forms")]))).toEqual(zodChunks.filter((file) => file.startsWith("zod-")));
  });

  it("the entry (both HTML files) and the landing hold no zod", () => {
    const entries = [...entryChunks("index.html"), ...entryChunks("index.signed-in.html")];
    expect(entries.length).toBeGreaterThan(0);
    expect(withZod(closure([...entries, chunk("landing")]))).toEqual([]);
  });

  it("the sign-in page's shared chunk and the signed-in home hold no zod", () => {
    expect(withZod(closure([chunk("sign-in")]))).toEqual([]);
    const signedIn = closure([chunk("signed-in")]);
    expect(withZod(signedIn)).toEqual([]);
    expect([...signedIn].filter((file) => file.startsWith("sign-in-forms-"))).toEqual([]);
  });
});

describe("a first screen loads only the code it shares, not another screen's own (Plaza issue 34)", () => {
  it("the signed-in home imports neither the landing's nor the sign-in page's own chunk", () => {
    // They held every module the signed-in home shared with them (a card, the tabs), so a signed-in phone
    // downloaded and ran the sign-in forms' code (60 KB) before its home could answer a tap.
    const signedIn = closure([chunk("signed-in")]);
    expect(signedIn.has(chunk("landing"))).toBe(false);
    expect(signedIn.has(chunk("sign-in"))).toBe(false);
  });

  it("the sign-in page does not import the landing's own chunk, nor the landing the sign-in page's", () => {
    expect(closure([chunk("sign-in")]).has(chunk("landing"))).toBe(false);
    expect(closure([chunk("landing")]).has(chunk("sign-in"))).toBe(false);
  });
});
