import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createFederation, type Federation, generateCryptoKeyPair, MemoryKvStore } from "@fedify/fedify";
import {
  Accept,
  Activity,
  Block,
  Create,
  Delete,
  Endpoints,
  Follow,
  Person,
  Reject,
  Undo,
  Update,
} from "@fedify/vocab";

/**
 * Another ActivityPub server on loopback for the federation tests: a real Fedify federation (independent of
 * Plaza's code) with one actor, `alice`, whose key signs what she sends. It records every body delivered to its
 * inboxes as it arrived, and the activities Fedify verified and parsed from them.
 */
export interface FediversePeer {
  origin: string;
  federation: Federation<void>;
  actorUri: URL;
  /** Raw bodies POSTed to the peer's inboxes, in arrival order. */
  deliveredBodies: string[];
  /** Activities that passed the peer's signature check, in arrival order. */
  received: Activity[];
  follow(target: { id: URL; inbox: URL }): Promise<Follow>;
  unfollow(follow: Follow, target: { id: URL; inbox: URL }): Promise<void>;
  /** Alice blocks the target. */
  block(target: { id: URL; inbox: URL }): Promise<void>;
  /** Alice's account is deleted on her server: a Delete of herself, sent to the target's inbox. */
  deleteAccount(target: { id: URL; inbox: URL }): Promise<void>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFediversePeer(): Promise<FediversePeer> {
  const server: Server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No queue: Fedify sends at once and throws when the receiving server refuses.
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true, origin });
  const keys = [await generateCryptoKeyPair("RSASSA-PKCS1-v1_5"), await generateCryptoKeyPair("Ed25519")];
  federation
    .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
      if (identifier !== "alice") return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: "Alice Elsewhere",
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => (identifier === "alice" ? keys : []));
  const received: Activity[] = [];
  federation.setInboxListeners("/users/{identifier}/inbox", "/inbox").on(Activity, (_ctx, activity) => {
    received.push(activity);
  });
  const deliveredBodies: string[] = [];
  server.on("request", async (request, response) => {
    const body = request.method === "POST" ? await readBody(request) : undefined;
    if (body) deliveredBodies.push(body.toString("utf8"));
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const answer = await federation.fetch(
      new Request(new URL(request.url ?? "/", origin), {
        method: request.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
      }),
      { contextData: undefined },
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  const ctx = federation.createContext(new URL(origin), undefined);
  const actorUri = ctx.getActorUri("alice");
  return {
    origin,
    federation,
    actorUri,
    deliveredBodies,
    received,
    follow: async (target) => {
      const follow = new Follow({
        id: new URL(`#follows/${crypto.randomUUID()}`, actorUri),
        actor: actorUri,
        object: target.id,
      });
      await ctx.sendActivity({ identifier: "alice" }, { id: target.id, inboxId: target.inbox }, follow);
      return follow;
    },
    unfollow: async (follow, target) => {
      const undo = new Undo({ id: new URL(`#undo/${crypto.randomUUID()}`, actorUri), actor: actorUri, object: follow });
      await ctx.sendActivity({ identifier: "alice" }, { id: target.id, inboxId: target.inbox }, undo);
    },
    block: async (target) => {
      const block = new Block({
        id: new URL(`#blocks/${crypto.randomUUID()}`, actorUri),
        actor: actorUri,
        object: target.id,
      });
      await ctx.sendActivity({ identifier: "alice" }, { id: target.id, inboxId: target.inbox }, block);
    },
    deleteAccount: async (target) => {
      const deletion = new Delete({
        id: new URL(`#delete/${crypto.randomUUID()}`, actorUri),
        actor: actorUri,
        object: actorUri,
      });
      await ctx.sendActivity({ identifier: "alice" }, { id: target.id, inboxId: target.inbox }, deletion);
    },
    close: async () => {
      server.close();
      server.closeAllConnections();
      await once(server, "close");
    },
  };
}

export { Accept, Create, Delete, Reject, Update };
