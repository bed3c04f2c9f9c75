import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The suite runs the production bundle: stop early with a hint when it is missing. */
export default function setup(): void {
  const bundle = fileURLToPath(new URL("../apps/api/dist/server.js", import.meta.url));
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` first.`);
}
