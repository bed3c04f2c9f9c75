import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Comments cite the product's rules as docs/PRODUCT.md with a quoted heading (or an item of the page such as
 * `- Sign-in failures:`), or with a section number and a quoted word of that section. A citation whose target was
 * renamed or dropped sends the reader nowhere, and the seed specification is not in this repository: comments cite
 * what is.
 */
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const PRODUCT = readFileSync(`${ROOT}docs/PRODUCT.md`, "utf8");

const sourceFiles = execFileSync("git", ["ls-files", "apps", "packages", "e2e", "bench", "reliability", "scripts"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file));

const headings = new Set([...PRODUCT.matchAll(/^##+ "([^"]+)"/gm)].map((match) => match[1]));

/** The text of each numbered section (§1–§9), lower-cased. */
const sections = new Map<string, string>();
{
  let current: string | null = null;
  for (const line of PRODUCT.split("\n")) {
    const numbered = /^## §(\d+)/.exec(line);
    if (numbered?.[1]) {
      current = numbered[1];
      sections.set(current, "");
    } else if (line.startsWith("## ")) {
      current = null;
    } else if (current) {
      sections.set(current, `${sections.get(current)}${line.toLowerCase()}\n`);
    }
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const isItem = (name: string) => new RegExp(`^\\s*- (\\*\\*)?${escapeRegExp(name)}`, "im").test(PRODUCT);

function brokenCitations(): string[] {
  const broken: string[] = [];
  for (const file of sourceFiles) {
    const lines = readFileSync(`${ROOT}${file}`, "utf8").split("\n");
    lines.forEach((line, index) => {
      for (const match of line.matchAll(/PRODUCT\.md (?:§(\d+) )?"([^"]+)"/g)) {
        const [citation, section, name = ""] = match;
        const isFound = section
          ? (sections.get(section) ?? "").includes(name.toLowerCase())
          : headings.has(name) || isItem(name);
        if (!isFound) broken.push(`${file}:${index + 1} ${citation}`);
      }
      if (/\bseed-spec\b|\bthe spec('s)?\b/i.test(line)) broken.push(`${file}:${index + 1} cites the seed spec`);
    });
  }
  return broken;
}

describe("comments cite what is in the repository", () => {
  it("every docs/PRODUCT.md citation names a heading, an item or a word of its section", () => {
    expect(brokenCitations()).toEqual([]);
  });

  it("finds a citation that points nowhere", () => {
    expect(headings.has("Privacy")).toBe(true);
    expect(isItem("Sign-in failures")).toBe(true);
    expect(isItem("No such rule anywhere")).toBe(false);
    expect(sections.get("5")).toContain("social links");
  });
});
