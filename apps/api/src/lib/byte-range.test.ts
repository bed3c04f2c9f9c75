import { describe, expect, it } from "vitest";
import { parseRange } from "./byte-range";

describe("parseRange", () => {
  it("reads one range: closed, open-ended and the last n bytes, clamped to the object", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "part", start: 0, endInclusive: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ kind: "part", start: 900, endInclusive: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "part", start: 900, endInclusive: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ kind: "part", start: 990, endInclusive: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "part", start: 0, endInclusive: 999 });
  });

  it("answers the whole object without a header, for other units, several ranges or nonsense", () => {
    for (const header of [undefined, "", "items=0-1", "bytes=0-1,5-6", "bytes=abc", "bytes=5-2", "bytes=-"]) {
      expect(parseRange(header, 1000)).toEqual({ kind: "whole" });
    }
  });

  it("is unsatisfiable when the range starts past the end or asks for no bytes", () => {
    expect(parseRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=2000-3000", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-0", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
