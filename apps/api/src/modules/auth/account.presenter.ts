import type { SessionView } from "@plaza/contracts/accounts";
import type { SessionRow } from "../../db/schema/auth";

/** A session as its owner sees it: the public id only, never the stored hash of the cookie token. */
export function presentSession(session: SessionRow & { isCurrent: boolean }): SessionView {
  return {
    id: session.publicId,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    userAgent: session.userAgent,
    isCurrent: session.isCurrent,
  };
}
