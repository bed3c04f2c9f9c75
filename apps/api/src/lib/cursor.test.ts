import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { decodeCursor, encodeCursor } from "./cursor";

describe("keyset cursor", () => {
  it("round-trips a position", () => {
    const cursor = { createdAt: new Date("2026-01-02T03:04:05.678Z"), id: "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it("answers a tampered cursor with a 400 error", () => {
    expect(() => decodeCursor("not-a-cursor")).toThrow(AppError);
    const notAnId = Buffer.from(`2026-01-02T03:04:05.678Z|${"-".repeat(36)}`).toString("base64url");
    expect(() => decodeCursor(notAnId)).toThrow(AppError);
    expect(decodeCursor(undefined)).toBeNull();
  });
});
