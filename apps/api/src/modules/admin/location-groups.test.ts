import { describe, expect, it } from "vitest";
import { toLocationGroups } from "./location-groups";

describe("toLocationGroups", () => {
  it("shows groups of 5 or more by name and merges smaller ones without their names", () => {
    const groups = toLocationGroups([
      { label: "Lisbon", people: 7, count: 7 },
      { label: "Porto", people: 3, count: 3 },
      { label: "Faro", people: 1, count: 1 },
    ]);
    expect(groups).toEqual([
      { label: "Lisbon", count: 7, isMerged: false },
      { label: "Other places", count: null, isMerged: true },
    ]);
    expect(JSON.stringify(groups)).not.toContain("Porto");
  });

  it("shows the merged count once the merged groups cover 5 people", () => {
    const groups = toLocationGroups([
      { label: "A", people: 3, count: 9 },
      { label: "B", people: 2, count: 2 },
    ]);
    expect(groups).toEqual([{ label: "Other places", count: 11, isMerged: true }]);
  });

  it("keeps at most the given number of bars and merges the rest", () => {
    const rows = Array.from({ length: 4 }, (_, index) => ({
      label: `City ${index}`,
      people: 10 + index,
      count: 10 + index,
    }));
    const groups = toLocationGroups(rows, 2);
    expect(groups.map((group) => group.label)).toEqual(["City 3", "City 2", "Other places"]);
    expect(groups[2]?.count).toBe(21);
  });

  it("answers an empty list for no data", () => {
    expect(toLocationGroups([])).toEqual([]);
  });
});
