import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./availability";

/** Which errors the error handler answers with 503 (database unreachable) instead of 500. */
describe("isDatabaseUnavailable", () => {
  const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

  it.each([
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a lost connection (pg)", new Error("Connection terminated unexpectedly")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    [
      "admin shutdown, wrapped by Drizzle",
      wrapped(Object.assign(new Error("terminating connection"), { code: "57P01" })),
    ],
    [
      "a database starting up",
      wrapped(Object.assign(new Error("the database system is starting up"), { code: "57P03" })),
    ],
    ["a connection exception (class 08)", Object.assign(new Error("connection failure"), { code: "08006" })],
  ])("%s → unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", wrapped(Object.assign(new Error("duplicate key"), { code: "23505" }))],
    ["a syntax error", Object.assign(new Error("syntax error"), { code: "42601" })],
    ["a plain bug", new TypeError("x is undefined")],
    ["not an error", "nope"],
  ])("%s → not unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
