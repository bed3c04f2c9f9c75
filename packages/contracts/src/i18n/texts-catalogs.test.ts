import { describe, expect, it } from "vitest";
import { contractTexts } from "../../scripts/extract-texts.ts";
import arabic from "./texts.ar.json";
import spanish from "./texts.es.json";

/**
 * The domains whose texts Arabic covers: what the contract's Arabic screens show (the shell, sign-up and sign-in, the
 * home feed, a post, a profile, messages) and the errors any of them may answer.
 */
const ARABIC_DOMAINS = ["auth", "accounts", "users", "posts", "messaging", "follows", "errors", "text"];

const texts = contractTexts();
const domainOf = (file: string) => file.split(".")[0] ?? "";
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

  it("translate the texts of the contract's Arabic screens into Arabic, keeping a template's placeholders", () => {
    const catalog: Record<string, string> = arabic;
    const needed = texts.filter(({ file }) => ARABIC_DOMAINS.includes(domainOf(file)));
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
