import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import {
  areaOf,
  byArea,
  CATALOGS_DIR,
  extractMessages,
  messagesOf,
  sourceFiles,
  WEB_ROOT,
} from "../../scripts/extract-messages.ts";
import { untranslatedTexts } from "../../scripts/untranslated-texts.ts";
import { UNTRANSLATED_FILES } from "./untranslated-files";

/** The areas Arabic covers (CONTRACT.md: the shell, sign-up and sign-in, the home feed, a post, a profile, messages). */
const ARABIC_AREAS = ["shell", "auth", "landing", "posts", "users", "follows", "messaging"];

function catalogOf(locale: string, area: string): Record<string, string> {
  const path = join(CATALOGS_DIR, locale, `${area}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, string>) : {};
}

/** The names of a message's placeholders and tags (`{count}`, `<b>…</b>`), which a translation must keep. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.tag) visit(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) visit(option.value);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

const english = extractMessages();
const englishAreas = byArea(english);

describe("the web app's catalogs (issue 49)", () => {
  it("hold the code's English messages, one file per area (npm run i18n:extract -w apps/web writes them)", () => {
    const files = readdirSync(join(CATALOGS_DIR, "en")).sort();
    expect(files).toEqual([...englishAreas.keys()].map((area) => `${area}.json`).sort());
    for (const [area, messages] of englishAreas) expect(catalogOf("en", area), area).toEqual(messages);
  });

  it("give each message an id in its file's area", () => {
    for (const path of sourceFiles()) {
      const file = relative(WEB_ROOT, path);
      for (const { id } of messagesOf(file, readFileSync(path, "utf8"))) {
        expect(id.split(".")[0], `${id} in ${file}`).toBe(areaOf(file));
      }
    }
  });

  it("translate every message into Spanish, keeping its placeholders, and nothing that is not a message", () => {
    for (const [area, messages] of englishAreas) {
      const spanish = catalogOf("es", area);
      expect(Object.keys(spanish).sort(), `catalogs/es/${area}.json`).toEqual(Object.keys(messages).sort());
      for (const [id, text] of Object.entries(messages)) {
        expect(argumentsOf(spanish[id] ?? ""), id).toEqual(argumentsOf(text));
      }
    }
    for (const file of readdirSync(join(CATALOGS_DIR, "es"))) {
      expect(englishAreas.has(file.replace(/\.json$/, "")), `catalogs/es/${file}`).toBe(true);
    }
  });

  it("translate every message of the contract's screens into Arabic, keeping its placeholders", () => {
    for (const area of ARABIC_AREAS) {
      const messages = englishAreas.get(area) ?? {};
      const arabic = catalogOf("ar", area);
      expect(Object.keys(arabic).sort(), `catalogs/ar/${area}.json`).toEqual(Object.keys(messages).sort());
      for (const [id, text] of Object.entries(messages)) {
        expect(argumentsOf(arabic[id] ?? ""), id).toEqual(argumentsOf(text));
      }
    }
    for (const file of readdirSync(join(CATALOGS_DIR, "ar"))) {
      const area = file.replace(/\.json$/, "");
      for (const id of Object.keys(catalogOf("ar", area))) expect(english[id], `${id} in catalogs/ar`).toBeDefined();
    }
  });

  it("leave no shown text written into the JSX but in the files still to translate", () => {
    const found = untranslatedTexts();
    const unexpected = [...found].filter(([file]) => !UNTRANSLATED_FILES.includes(file));
    expect(
      unexpected.flatMap(([, texts]) => texts.map(({ file, line, text }) => `${file}:${line} ${text}`)),
      "texts to put into messages (react-intl's defineMessages)",
    ).toEqual([]);
    const done = UNTRANSLATED_FILES.filter((file) => !found.has(file));
    expect(done, "files without untranslated texts: take them off src/i18n/untranslated-files.ts").toEqual([]);
  });
});
