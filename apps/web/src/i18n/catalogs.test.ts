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
import { untranslatedTexts, untranslatedTextsOf } from "../../scripts/untranslated-texts.ts";

/**
 * The areas Arabic covers: every one, the admin console included (CONTRACT.md asks for the shell, sign-up and sign-in,
 * the home feed, a post, a profile and messages; the screens those link to and the admin console are translated too).
 */
const ARABIC_AREAS = [
  "shell",
  "auth",
  "landing",
  "posts",
  "users",
  "follows",
  "messaging",
  "search",
  "notifications",
  "payments",
  "partnerships",
  "coupons",
  "reports",
  "push",
  "businesses",
  "events",
  "moderation",
  "agreements",
  "demo",
  "admin",
];

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

  it("leave no shown text written into the JSX: every text people read or hear is a message", () => {
    const found = [...untranslatedTexts().values()].flat();
    expect(
      found.map(({ file, line, text }) => `${file}:${line} ${text}`),
      "texts to put into messages (react-intl's defineMessages)",
    ).toEqual([]);
  });
});

describe("the checks of the catalogs", () => {
  it("find a text written into JSX and a read attribute, not punctuation, numbers or a message", () => {
    const source = `export const A = () => (
  <p title="Say hello" aria-label="Greeting" className="text-sm">
    Hello there {intl.formatMessage(messages.name)} · 3 …
  </p>
);`;
    expect(untranslatedTextsOf("a.tsx", source).map(({ line, text }) => `${line} ${text}`)).toEqual([
      '2 title="Say hello"',
      '2 aria-label="Greeting"',
      "3 Hello there",
    ]);
    expect(untranslatedTextsOf("a.tsx", "export const B = () => <span> · {count} / 3 </span>;")).toEqual([]);
  });

  it("extract a message's id and English text, and keep out objects that are not messages", () => {
    const source = `const messages = defineMessages({
  title: { id: "events.list.title", defaultMessage: "Events" },
  going: defineMessage<{ count: number }>({ id: "events.card.going", defaultMessage: \`{count} going\` }),
});
const other = { id: "not-a-message" };`;
    expect(
      messagesOf("src/features/events/x.tsx", source).map(({ id, defaultMessage }) => [id, defaultMessage]),
    ).toEqual([
      ["events.list.title", "Events"],
      ["events.card.going", "{count} going"],
    ]);
  });
});
