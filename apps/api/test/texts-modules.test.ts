import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A contracts `<domain>.texts.ts` holds texts, constants, pure rules and the types they need, without zod: the web
 * app's first screen imports only these (e2e/first-screen-bundle.e2e.ts), and `<domain>.ts` (the schemas) imports
 * and re-exports them. The dependency goes one way: a texts module imports other texts modules and the zod-free
 * leaves below, never a schema module (not even `import type`: that was how the contracts' import circles began).
 * Biome's noImportCycles (ignoreTypes: false) refuses any circle in the repository; this names the rule of the layer.
 */
const contracts = join(import.meta.dirname, "..", "..", "..", "packages", "contracts", "src");
const ZOD_FREE_LEAVES = new Set(["./money", "./constants"]);

function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/g)].map((match) => match[1] ?? "");
}

function textsProblems(file: string, source: string): string[] {
  return importsOf(source)
    .filter((target) => !(target.endsWith(".texts") && target.startsWith("./")) && !ZOD_FREE_LEAVES.has(target))
    .map((target) => `${file} imports ${target}`);
}

describe("contracts texts modules", () => {
  const files = readdirSync(contracts).filter((name) => name.endsWith(".texts.ts"));

  it("import only other texts modules, money and constants", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((file) => textsProblems(file, readFileSync(join(contracts, file), "utf8")))).toEqual([]);
  });

  it("the leaves they may import import nothing", () => {
    for (const leaf of ZOD_FREE_LEAVES) {
      expect(importsOf(readFileSync(join(contracts, `${leaf}.ts`), "utf8")), leaf).toEqual([]);
    }
  });

  it("refuses a type imported back from the schemas, and zod", () => {
    const source = `import type { BlockType } from "./blocks";\nimport { z } from "zod";\nimport { formatCents } from "./money";\nimport {\n  redeemBlockMessage,\n} from "./coupons.texts";\n`;
    expect(textsProblems("x.texts.ts", source)).toEqual(["x.texts.ts imports ./blocks", "x.texts.ts imports zod"]);
  });
});
