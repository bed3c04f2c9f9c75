// `npm start` runs this first: it builds the web bundle and the API only when their sources changed since the last
// build. A build's fingerprint (every input file's path, size and modification time, plus the lockfile) is kept
// beside its output; an unchanged fingerprint skips the build, so a second start takes seconds, not a minute.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const FINGERPRINT_FILE = ".source-fingerprint";

const targets = [
  {
    name: "web bundle",
    workspace: "@plaza/web",
    output: "apps/web/dist",
    // The browser's bundle and the server entry that renders first screens (apps/web/src/entry-server.tsx).
    entries: ["apps/web/dist/index.html", "apps/web/dist-server/entry-server.js"],
    inputs: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "packages/contracts/src",
    ],
  },
  {
    name: "API",
    workspace: "@plaza/api",
    output: "apps/api/dist",
    entries: ["apps/api/dist/server.js", "apps/api/dist/picture-process.js", "apps/api/dist/backup.js"],
    inputs: ["apps/api/src", "apps/api/scripts", "packages/contracts/src"],
  },
];

function* files(path) {
  if (!existsSync(path)) return;
  const stats = statSync(path);
  if (!stats.isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    yield* files(join(path, entry.name));
  }
}

function fingerprint(target) {
  const hash = createHash("sha256");
  for (const input of [...target.inputs, "package-lock.json"]) {
    for (const file of files(join(root, input))) {
      const stats = statSync(file);
      hash.update(`${relative(root, file)}\0${stats.size}\0${stats.mtimeMs}\n`);
    }
  }
  return hash.digest("hex");
}

for (const target of targets) {
  const stampPath = join(root, target.output, FINGERPRINT_FILE);
  const current = fingerprint(target);
  const built =
    target.entries.every((entry) => existsSync(join(root, entry))) &&
    existsSync(stampPath) &&
    readFileSync(stampPath, "utf8") === current;
  if (built) {
    console.log(`start: the ${target.name} is up to date (${target.output})`);
    continue;
  }
  console.log(`start: building the ${target.name}…`);
  const result = spawnSync("npm", ["run", "build", "-w", target.workspace], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampPath, current);
}
