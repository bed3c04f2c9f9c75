import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A web feature never imports another feature or the app layer (pages compose features). Biome enforces it with
 * one `noRestrictedImports` override per feature folder in biome.json, so a new feature without its override would
 * import anything unnoticed (push had none until this test): every folder under apps/web/src/features has one.
 */
const root = join(import.meta.dirname, "..", "..", "..");
const featuresDir = join(root, "apps", "web", "src", "features");

interface Override {
  includes?: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group?: string[] }[] } } } } };
}

function boundaryOf(overrides: Override[], feature: string): string[] | undefined {
  const override = overrides.find((candidate) => candidate.includes?.includes(`apps/web/src/features/${feature}/**`));
  return override?.linter?.rules?.style?.noRestrictedImports?.options?.patterns?.[0]?.group;
}

describe("web feature boundaries", () => {
  it("has a biome override for every feature folder, refusing other features and the app layer", () => {
    const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8")) as { overrides?: Override[] };
    const features = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(10);
    const missing = features.filter((feature) => {
      const group = boundaryOf(config.overrides ?? [], feature);
      return !group?.includes("@/features/**") || !group.includes(`!@/features/${feature}/**`);
    });
    expect(missing).toEqual([]);
  });
});
