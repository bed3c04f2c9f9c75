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

describe("SMTP_URL and MAIL_FROM", () => {
  it("are optional; SMTP_URL takes smtp:// and smtps:// addresses only", () => {
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv({ SMTP_URL: "smtps://user:secret@mail.example:465" }).SMTP_URL).toBe(
      "smtps://user:secret@mail.example:465",
    );
    expect(loadEnv({ MAIL_FROM: "Plaza <hi@plaza.example>" }).MAIL_FROM).toBe("Plaza <hi@plaza.example>");
    for (const value of ["http://mail.example", "not a url"]) {
      expect(() => loadEnv({ SMTP_URL: value })).toThrow(/SMTP_URL/);
    }
  });
});
