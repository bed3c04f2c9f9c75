/** A LIKE pattern for "contains `text`", its wildcards escaped so a search for "50%" looks for those characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
