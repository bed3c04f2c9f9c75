export interface RouteEntry {
  path: string;
  methods: string[];
}

/**
 * The routes an app registers, read from Fastify's route tree (`printRoutes({ commonPrefix: false })`): each line
 * adds its segment to its parent's. HEAD routes (added for every GET) are left out.
 */
export function listRoutes(tree: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (stack[depth - 1] ?? "") + (match[2] ?? "");
    stack[depth] = path;
    stack.length = depth + 1;
    if (match[3]) routes.push({ path, methods: match[3].split(", ").filter((method) => method !== "HEAD") });
  }
  return routes;
}
