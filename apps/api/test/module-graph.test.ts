import { describe, expect, it } from "vitest";
import { importSpecifiers, type ModuleGraph, moduleCycles, moduleLevels, readModuleGraph } from "./module-graph";

/**
 * Module dependencies point one way (docs/ARCHITECTURE.md, "Module dependencies"): no module imports, through any
 * chain of non-test files, a module that imports it back. A module is the first folder under
 * apps/api/src/modules; `import type` counts. The demo module may import anything, since nothing imports it.
 */
const graphOf = (edges: Record<string, string[]>): ModuleGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe("module dependencies", () => {
  const graph = readModuleGraph();

  it("reads every module and the imports between them", () => {
    expect(graph.size).toBeGreaterThan(20);
    expect(graph.get("posts")).toContain("users");
    expect(graph.get("demo")).toContain("posts");
  });

  it("form no cycle between modules", () => {
    expect(moduleCycles(graph)).toEqual([]);
  });

  it("nothing imports the demo module", () => {
    expect([...graph].filter(([, imports]) => imports.has("demo")).map(([name]) => name)).toEqual([]);
  });

  it("finds a cycle through several modules, and each of two apart", () => {
    const cycles = moduleCycles(
      graphOf({ a: ["b"], b: ["c"], c: ["a", "d"], d: [], e: ["f"], f: ["e"], g: ["a", "e"] }),
    );
    expect(cycles).toEqual([
      ["a", "b", "c"],
      ["e", "f"],
    ]);
    expect(moduleCycles(graphOf({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("puts each module one level above the highest it imports", () => {
    expect(moduleLevels(graphOf({ a: ["b", "c"], b: ["c"], c: [], d: [] }))).toEqual([["c", "d"], ["b"], ["a"]]);
  });

  it("reads static, type-only, re-exported, side-effect and dynamic imports", () => {
    const source = `import type { SessionUser } from "../users/viewer";
import {
  a,
  b,
} from "../posts/posts.repository";
export { c } from "./c";
import "../lib/side";
const later = await import("../events/events.service");
const text = "not from here";`;
    expect(importSpecifiers(source)).toEqual([
      "../users/viewer",
      "../posts/posts.repository",
      "./c",
      "../lib/side",
      "../events/events.service",
    ]);
  });
});
