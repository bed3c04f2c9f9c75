import { describe, expect, it } from "vitest";
import { formatLsn, isReplicaRead, lagOf, parseLsn } from "./replicas";

describe("WAL positions", () => {
  it("reads and writes PostgreSQL's X/Y form, and refuses anything else", () => {
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(formatLsn(parseLsn("16/B374D848") ?? 0n)).toBe("16/B374D848");
    for (const bad of [null, undefined, "", "16", "16/", "G/1", "1/2/3", "123456789/0"])
      expect(parseLsn(bad)).toBeNull();
  });
});

describe("a replica's lag", () => {
  const samples = [
    { at: 1_000, lsn: 100n },
    { at: 1_500, lsn: 200n },
    { at: 2_000, lsn: 300n },
  ];

  it("is nothing once it has replayed the newest position the primary reported", () => {
    expect(lagOf(300n, samples, 2_400)).toBe(0);
    expect(lagOf(350n, samples, 2_400)).toBe(0);
    expect(lagOf(10n, [], 2_400)).toBe(0);
  });

  it("is the age of the newest primary position it has reached", () => {
    expect(lagOf(250n, samples, 2_400)).toBe(900);
    expect(lagOf(100n, samples, 2_400)).toBe(1_400);
  });

  it("is unbounded when it is behind every position kept", () => {
    expect(lagOf(50n, samples, 2_400)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("which statements a replica may answer", () => {
  it("takes plain selects only", () => {
    expect(isReplicaRead('select "id" from "posts" where "id" = $1')).toBe(true);
    expect(isReplicaRead({ text: "  SELECT 1", name: "feed" })).toBe(true);
    expect(isReplicaRead('insert into "posts" values ($1)')).toBe(false);
    expect(isReplicaRead('update "sessions" set "last_seen_at" = now()')).toBe(false);
    expect(isReplicaRead("with moved as (delete from x returning *) select * from moved")).toBe(false);
    expect(isReplicaRead('select * from "events" where "id" = $1 for update')).toBe(false);
    expect(isReplicaRead("select nextval('x')")).toBe(false);
    expect(isReplicaRead(undefined)).toBe(false);
  });
});
