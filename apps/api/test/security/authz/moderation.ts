import { randomUUID } from "node:crypto";
import { appeals, emailDomainBlocks, moderationNotices } from "../../../src/db/schema/moderation";
import { reports } from "../../../src/db/schema/reports";
import { insertUser } from "../harness";
import { freshPost } from "../world";
import { allow, type CaseInput, ID, idOf, type MatrixRow, NONE_ID, SELF, spareUser } from "./common";

/**
 * An open report on a fresh post of Alice's by the other user, written straight to the database (filing dozens
 * through the API would hit the reporting rate limit).
 */
async function freshReport(input: CaseInput): Promise<string> {
  const post = await freshPost(input.world, input.world.actors.user.id);
  const [row] = await input.world.harness.context.db
    .insert(reports)
    .values({ reporterId: input.world.actors.otherUser.id, targetType: "post", targetId: post, reason: "Spam" })
    .returning({ id: reports.id });
  if (!row) throw new Error("no report");
  return row.id;
}

/** A warning notice of `userId`, written straight to the database. */
async function freshNotice(input: CaseInput, userId: string): Promise<string> {
  const [row] = await input.world.harness.context.db
    .insert(moderationNotices)
    .values({ userId, action: "warn", rule: "Be kind", createdAt: input.world.harness.clock.now() })
    .returning({ id: moderationNotices.id });
  if (!row) throw new Error("no notice");
  return row.id;
}

/** An open appeal of a spare person's notice. */
async function freshAppeal(input: CaseInput): Promise<string> {
  const userId = await insertUser(input.world.harness);
  const noticeId = await freshNotice(input, userId);
  const [row] = await input.world.harness.context.db
    .insert(appeals)
    .values({ noticeId, userId, text: "Please", createdAt: input.world.harness.clock.now() })
    .returning({ id: appeals.id });
  if (!row) throw new Error("no appeal");
  return row.id;
}

const reportUrl = async (input: CaseInput, tail: string) =>
  `/api/admin/reports/${input.resource === "none" ? NONE_ID : await freshReport(input)}/${tail}`;
const foundOr404 = (input: CaseInput) => (input.resource === "none" ? 404 : "allow");

/** Matrix rows: the moderation queue, notices and appeals, email domain blocks. */
export const MODERATION_ROWS: MatrixRow[] = [
  {
    route: "POST /api/admin/reports/:reportId/assign",
    resources: ["other", "none"],
    request: async (input) => ({ url: await reportUrl(input, "assign"), payload: {} }),
    expect: foundOr404,
  },
  {
    route: "POST /api/admin/reports/:reportId/notes",
    resources: ["other", "none"],
    request: async (input) => ({ url: await reportUrl(input, "notes"), payload: { text: "Seen it" } }),
    expect: foundOr404,
  },
  {
    route: "GET /api/admin/reports/:reportId/history",
    resources: ["other", "none"],
    request: async (input) => ({ url: await reportUrl(input, "history") }),
    expect: foundOr404,
  },
  {
    route: "GET /api/admin/users/:userId/moderation-history",
    resources: ID,
    request: (input) => ({ url: `/api/admin/users/${idOf(input) ?? NONE_ID}/moderation-history` }),
    expect: foundOr404,
  },
  {
    route: "POST /api/admin/moderation/actions",
    resources: ["other", "none"],
    request: async (input) => ({
      url: "/api/admin/moderation/actions",
      payload: {
        action: "warn",
        userId: input.resource === "none" ? NONE_ID : await spareUser(input),
        rule: "1. Be kind",
      },
    }),
    expect: foundOr404,
  },
  ...(["POST", "DELETE"] as const).map(
    (method): MatrixRow => ({
      route: `${method} /api/admin/users/:userId/moderator`,
      resources: ["other", "none"],
      request: async (input) => ({
        url: `/api/admin/users/${input.resource === "none" ? NONE_ID : await spareUser(input)}/moderator`,
      }),
      expect: foundOr404,
    }),
  ),
  {
    // A notice is its person's only: anyone else gets 404.
    route: "GET /api/notices/:noticeId",
    resources: ID,
    request: async (input) => {
      if (input.resource === "none" || !input.me) return { url: `/api/notices/${NONE_ID}` };
      const owner = input.resource === "own" ? input.me : input.otherId;
      return { url: `/api/notices/${await freshNotice(input, owner)}` };
    },
    expect: (input) => (input.resource === "own" ? "allow" : 404),
  },
  {
    // One appeal per notice, by its person only; suspended people may appeal.
    route: "POST /api/appeals",
    resources: ID,
    request: async (input) => {
      const noticeId =
        input.resource === "none" || !input.me
          ? NONE_ID
          : await freshNotice(input, input.resource === "own" ? input.me : input.otherId);
      return { url: "/api/appeals", payload: { noticeId, text: "I disagree" } };
    },
    expect: (input) => (input.resource === "own" ? "allow" : 404),
  },
  { route: "GET /api/admin/appeals", resources: SELF, request: () => ({ url: "/api/admin/appeals" }), expect: allow },
  ...(["grant", "deny"] as const).map(
    (decision): MatrixRow => ({
      route: `POST /api/admin/appeals/:appealId/${decision}`,
      resources: ["other", "none"],
      request: async (input) => ({
        url: `/api/admin/appeals/${input.resource === "none" ? NONE_ID : await freshAppeal(input)}/${decision}`,
        payload: {},
      }),
      expect: foundOr404,
    }),
  ),
  {
    route: "GET /api/admin/email-domain-blocks",
    resources: SELF,
    request: () => ({ url: "/api/admin/email-domain-blocks" }),
    expect: allow,
  },
  {
    route: "POST /api/admin/email-domain-blocks",
    resources: SELF,
    request: () => ({
      url: "/api/admin/email-domain-blocks",
      payload: { domain: `spam-${randomUUID().slice(0, 8)}.example` },
    }),
    expect: allow,
  },
  {
    route: "DELETE /api/admin/email-domain-blocks/:domainBlockId",
    resources: ["other", "none"],
    request: async (input) => {
      if (input.resource === "none") return { url: `/api/admin/email-domain-blocks/${NONE_ID}` };
      const [row] = await input.world.harness.context.db
        .insert(emailDomainBlocks)
        .values({ domain: `gone-${randomUUID().slice(0, 8)}.example` })
        .returning({ id: emailDomainBlocks.id });
      return { url: `/api/admin/email-domain-blocks/${row?.id ?? NONE_ID}` };
    },
    expect: foundOr404,
  },
];
