import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppContext } from "../../app-context";
import { removeAbandonedSpools, SPOOL_ABANDONED_AFTER_MS, spoolRoot } from "./upload-body";

/** The spool files of interrupted uploads (DATA_DIR/tmp/upload-*), cleaned at start-up. */
describe("removeAbandonedSpools", () => {
  let dataDir: string;
  let context: AppContext;
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);

  /** A spool directory whose own time is `dirAge` ago, holding one file written `fileAge` ago. */
  function spool(name: string, dirAge: number, fileAge: number): void {
    const directory = join(spoolRoot(context), name);
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, "input"), "partial upload");
    utimesSync(join(directory, "input"), ago(fileAge), ago(fileAge));
    utimesSync(directory, ago(dirAge), ago(dirAge));
  }

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "plaza-spool-"));
    context = { env: { DATA_DIR: dataDir } } as unknown as AppContext;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("deletes a spool untouched for an hour, keeps one still being written and everything else", async () => {
    const hour = SPOOL_ABANDONED_AFTER_MS;
    spool("upload-crashed", 3 * hour, 3 * hour);
    // Started long ago, but its file was written a minute ago: a slow upload another process is still receiving.
    spool("upload-slow", 3 * hour, 60_000);
    spool("upload-new", 1000, 1000);
    spool("not-a-spool", 3 * hour, 3 * hour);
    expect(await removeAbandonedSpools(context, now)).toBe(1);
    expect((await readdir(spoolRoot(context))).sort()).toEqual(["not-a-spool", "upload-new", "upload-slow"]);
  });

  it("does nothing when DATA_DIR/tmp does not exist", async () => {
    expect(await removeAbandonedSpools(context, now)).toBe(0);
  });
});
