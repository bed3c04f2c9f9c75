import type { Catalog } from "../catalogs";

// Every area's translations of this language (catalogs/ar/<area>.json), one chunk: only its readers load it.
const areas = import.meta.glob<Catalog>("./ar/*.json", { eager: true, import: "default" });

export const catalog: Catalog = Object.assign({}, ...Object.values(areas));
