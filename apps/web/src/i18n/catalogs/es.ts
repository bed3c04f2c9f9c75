import { spanishTexts } from "@plaza/contracts/i18n/texts-es";

// Every area's translations of this language (catalogs/es/<area>.json), one chunk: only its readers load it.
const areas = import.meta.glob<Record<string, string>>("./es/*.json", { eager: true, import: "default" });

export const catalog: Record<string, string> = Object.assign({}, ...Object.values(areas));

/** The contracts' texts in this language (validation messages, labels shared with the server). */
export const texts = spanishTexts;
