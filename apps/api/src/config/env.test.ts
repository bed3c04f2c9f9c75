import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("DATABASE_POOL_SIZE", () => {
  it("defaults to 10 connections and takes a positive whole number", () => {
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_POOL_SIZE: "4" }).DATABASE_POOL_SIZE).toBe(4);
  });

  it("refuses zero, fractions and words with the key named", () => {
    for (const value of ["0", "2.5", "many"]) {
      expect(() => loadEnv({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
