import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The modules' dependency graph (docs/ARCHITECTURE.md, "Module dependencies"): module A depends on module B when a
 * non-test file under `modules/A/` imports a file under `modules/B/` (type-only imports and re-exports count).
 */
const modulesDir = join(import.meta.dirname, "..", "src", "modules");

/** Module name → the modules it imports, both sorted. */
export type ModuleGraph = Map<string, Set<string>>;

/** The specifiers a source imports: `import … from`, `export … from`, side-effect `import "…"` and `import("…")`. */
export function importSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map((match) => match[1] as string);
}

const isTest = (file: string) => /\.(int\.)?test\.tsx?$/.test(file);

/** Reads every non-test `.ts` file under modules/ and returns which module imports which. */
export function readModuleGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const name of readdirSync(modulesDir, { withFileTypes: true })) {
    if (name.isDirectory()) graph.set(name.name, new Set());
  }
  const files = readdirSync(modulesDir, { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.tsx?$/.test(file) && !isTest(file),
  );
  for (const file of files) {
    const from = file.split(sep)[0] as string;
    for (const specifier of importSpecifiers(readFileSync(join(modulesDir, file), "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = relative(modulesDir, resolve(modulesDir, dirname(file), specifier));
      if (target.startsWith("..")) continue;
      const to = target.split(sep)[0] as string;
      if (to !== from && graph.has(to)) graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan), each sorted: the module cycles. */
export function moduleCycles(graph: ModuleGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/**
 * The modules by level: level 0 imports no module; each other module sits one above the highest module it imports.
 * Only meaningful on a graph without cycles.
 */
export function moduleLevels(graph: ModuleGraph): string[][] {
  const level = new Map<string, number>();
  const levelOf = (node: string, seen: Set<string>): number => {
    const known = level.get(node);
    if (known !== undefined) return known;
    if (seen.has(node)) return 0;
    seen.add(node);
    const below = [...(graph.get(node) ?? [])].map((next) => levelOf(next, seen) + 1);
    const value = Math.max(0, ...below);
    level.set(node, value);
    return value;
  };
  for (const node of graph.keys()) levelOf(node, new Set());
  const levels: string[][] = [];
  for (const [node, value] of level) {
    levels[value] = [...(levels[value] ?? []), node];
  }
  return levels.map((names) => names.sort());
}
