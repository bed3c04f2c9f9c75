// Scenario (a): a bare Fastify route returning the same JSON as a real feed page (read once from a file),
// serialised by Fastify on every request: the framework + serialisation ceiling on this machine.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [file, port] = process.argv.slice(2);
const page = JSON.parse(readFileSync(file ?? "", "utf8"));
const app = Fastify({ logger: false });
app.get("/api/posts/feed", async (_request, reply) => {
  reply.header("x-next-cursor", page.nextCursor ?? "");
  return page.body;
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
