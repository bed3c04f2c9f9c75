// Translating the contracts' English texts (the server's messages, the shared labels) by their English wording,
// as gettext does by msgid: the call sites keep the texts the contract and docs/PRODUCT.md give, and the English catalog is
// the code itself (scripts/extract-texts.ts). A catalog maps an English text to its translation; a template's
// placeholders are numbered, in the English order: "Week of {0}" → "Semana del {0}".

/** English text (with {0}, {1}, … for a template's values) → its translation. */
export type TextCatalog = Record<string, string>;

interface Template {
  key: string;
  pattern: RegExp;
  /** The placeholder number of each of the pattern's groups, in order. */
  placeholders: number[];
  translation: string;
}

const PLACEHOLDER = /\{(\d+)\}/g;
/** A piece of a sentence, not a sentence: it starts in lower case, with a space, a comma or a bracket. */
const IS_PIECE = /^[\s,(\p{Ll}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function templateOf(key: string, translation: string): Template {
  const placeholders: number[] = [];
  let source = "";
  let last = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    source += `${escapeRegExp(key.slice(last, match.index))}([\\s\\S]*?)`;
    placeholders.push(Number(match[1]));
    last = match.index + match[0].length;
  }
  source += escapeRegExp(key.slice(last));
  return { key, pattern: new RegExp(`^${source}$`), placeholders, translation };
}

/**
 * A function that translates an English text through `catalog`: the text's own entry, else the first template it
 * fills (its values, user content among them, are put into the translation untouched), else the text unchanged.
 */
export function textTranslator(catalog: TextCatalog | undefined): (english: string) => string {
  if (!catalog) return (english) => english;
  const templates = Object.entries(catalog)
    .filter(([key]) => /\{\d+\}/.test(key))
    // The longest first: "Closed · opens {0}{1}" before a shorter pattern that would also match.
    .sort(([a], [b]) => b.length - a.length)
    .map(([key, translation]) => templateOf(key, translation));
  /** Pieces that follow a name (" and 1 other", " and {0} others"), each as a pattern of what ends a value. */
  const trailing = Object.entries(catalog)
    .filter(([key]) => /^ \p{Ll}/u.test(key))
    .sort(([a], [b]) => b.length - a.length)
    .map(([key, translation]) => {
      const template = templateOf(key, translation);
      const pattern = new RegExp(`^([\\s\\S]+?)${template.pattern.source.slice(1)}`);
      const translate = (match: RegExpExecArray) => {
        const values = new Map(template.placeholders.map((number, index) => [number, match[index + 2] ?? ""]));
        return translation.replace(PLACEHOLDER, (_, number: string) => values.get(Number(number)) ?? "");
      };
      return { pattern, translate };
    });
  const fill = (template: Template, match: RegExpExecArray, value: (text: string) => string) => {
    const values = new Map(template.placeholders.map((number, index) => [number, value(match[index + 1] ?? "")]));
    return template.translation.replace(PLACEHOLDER, (_, number: string) => values.get(Number(number)) ?? "");
  };
  /**
   * A template's value as it goes into the translation: a piece of the contracts' own sentence (" for $5.00/month",
   * "your post", ", most in May ($40.00)") translated too; anything else (a name, a title, an amount) as it is.
   */
  const value = (text: string): string => {
    const exact = catalog[text];
    if (exact !== undefined && IS_PIECE.test(text)) return exact;
    for (const template of templates) {
      if (!IS_PIECE.test(template.key) || /^\p{Ll}/u.test(template.key)) continue;
      const match = template.pattern.exec(text);
      if (match) return fill(template, match, (inner) => inner);
    }
    // A name with a piece after it ("Ana and 2 others"): the name as it is, the piece translated.
    for (const piece of trailing) {
      const match = piece.pattern.exec(text);
      if (match) return `${match[1]}${piece.translate(match)}`;
    }
    return text;
  };
  return (english) => {
    const exact = catalog[english];
    if (exact !== undefined) return exact;
    for (const template of templates) {
      const match = template.pattern.exec(english);
      if (match) return fill(template, match, value);
    }
    return english;
  };
}
