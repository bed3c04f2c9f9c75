// Texts, constants and pure rules of text: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./text.ts, which re-exports all of this.

/**
 * The one rule for text a person sends (docs/PRODUCT.md "Fidelity fixes" → "Fidelity fixes"): line breaks are normalised
 * to "\n", and no control character (U+0000–U+001F except tab and newline, and U+007F) nor a lone UTF-16
 * surrogate (half an emoji, which no database encoding can store) is accepted. The server applies it to every
 * request's body, query and path; forms may use `plainText` / `findForbiddenCharacter` to say so before sending.
 */

/** Control characters that text may not contain: C0 controls except tab and newline, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARACTER_PATTERN = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/** A UTF-16 surrogate without its other half. */
export const LONE_SURROGATE_PATTERN = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_MESSAGES = {
  controlCharacter: "Text can't contain control characters",
  loneSurrogate: "Text contains an incomplete character",
} as const;

/** "\r\n" and a lone "\r" become "\n" (what a textarea sends on some systems). */
export function normalizeLineBreaks(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/** The message for the first character the rule refuses in `text` (after line-break normalisation), else null. */
export function findForbiddenCharacter(text: string): string | null {
  const normalized = normalizeLineBreaks(text);
  if (CONTROL_CHARACTER_PATTERN.test(normalized)) return TEXT_MESSAGES.controlCharacter;
  if (LONE_SURROGATE_PATTERN.test(normalized)) return TEXT_MESSAGES.loneSurrogate;
  return null;
}

export function isPlainText(text: string): boolean {
  return findForbiddenCharacter(text) === null;
}

/**
 * What a name may not hold (docs/PRODUCT.md "Names"): line breaks and tabs, and the bidirectional embedding,
 * override and isolate controls (U+202A–U+202E, U+2066–U+2069) that make a name read differently in a mail or a list.
 */
export const NAME_FORBIDDEN_PATTERN = /[\n\r\t\u202A-\u202E\u2066-\u2069]/;

export function nameForbiddenMessage(label: string): string {
  return `${label} can't contain line breaks, tabs or text-direction characters`;
}
