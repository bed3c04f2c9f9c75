import { describe, expect, it } from "vitest";
import { contractTexts } from "../../scripts/extract-texts.ts";
import arabic from "./texts.ar.json";
import spanish from "./texts.es.json";

const texts = contractTexts();
const placeholders = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((match) => match[1]).sort();

describe("the contracts' texts catalogs (issue 49)", () => {
  it("translate every English text into Spanish, keeping a template's placeholders, and nothing else", () => {
    const catalog: Record<string, string> = spanish;
    expect(texts.filter(({ key }) => catalog[key] === undefined).map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
    const known = new Set(texts.map(({ key }) => key));
    expect(
      Object.keys(catalog).filter((key) => !known.has(key)),
      "texts no longer in the code",
    ).toEqual([]);
    for (const { key } of texts) expect(placeholders(catalog[key] ?? ""), key).toEqual(placeholders(key));
  });

  it("translate every English text into Arabic too, keeping a template's placeholders", () => {
    const catalog: Record<string, string> = arabic;
    const needed = texts;
    expect(needed.filter(({ key }) => catalog[key] === undefined).map(({ file, key }) => `${file}: ${key}`)).toEqual(
      [],
    );
    const known = new Set(texts.map(({ key }) => key));
    expect(
      Object.keys(catalog).filter((key) => !known.has(key)),
      "texts no longer in the code",
    ).toEqual([]);
    for (const key of Object.keys(catalog)) expect(placeholders(catalog[key] ?? ""), key).toEqual(placeholders(key));
  });
});
