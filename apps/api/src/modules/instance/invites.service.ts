import { randomBytes } from "node:crypto";
import { type CreateInviteInput, INSTANCE_MESSAGES, type InviteView } from "@plaza/contracts/instance";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import type { InviteRow } from "../../db/schema/instance";
import { badRequest, forbidden, notFound } from "../../lib/app-error";
import type { SessionUser } from "../users/viewer";
import { claimInviteUse, expireInvite, findInvitesBy, insertInvite } from "./instance.repository";
import { readInstanceSettings } from "./instance.service";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The invites a person sees in their list (the newest). */
const INVITES_LISTED = 50;

/** The shareable link: the sign-up form with the code filled in. */
function inviteUrl(baseUrl: string, code: string): string {
  return `${baseUrl}/login?tab=register&invite=${encodeURIComponent(code)}`;
}

function presentInvite(invite: InviteRow, baseUrl: string): InviteView {
  return {
    code: invite.code,
    url: inviteUrl(baseUrl, invite.code),
    maxUses: invite.maxUses,
    uses: invite.uses,
    expiresAt: invite.expiresAt.toISOString(),
    createdAt: invite.createdAt.toISOString(),
  };
}

/**
 * POST /api/invites: a new code of `maxUses` uses for `expiresInDays` days. Superusers always; members when the
 * instance lets them (`membersCanInvite`), else 403.
 */
export async function createInvite(
  context: AppContext,
  viewer: SessionUser,
  body: Required<CreateInviteInput>,
  baseUrl: string,
): Promise<InviteView> {
  const settings = await readInstanceSettings(context);
  if (!viewer.isSuperuser && !settings.membersCanInvite) {
    throw forbidden(INSTANCE_MESSAGES.invitesForAdministrators, "INVITES_FOR_ADMINISTRATORS");
  }
  const now = context.clock.now();
  const invite = await insertInvite(context.db, {
    code: randomBytes(9).toString("base64url"),
    createdBy: viewer.id,
    maxUses: body.maxUses,
    expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
    createdAt: now,
  });
  return presentInvite(invite, baseUrl);
}

/** GET /api/invites: the viewer's own invites, newest first, with their uses so far. */
export async function listMyInvites(context: AppContext, viewer: SessionUser, baseUrl: string): Promise<InviteView[]> {
  const rows = await findInvitesBy(context.db, viewer.id, INVITES_LISTED);
  return rows.map((row) => presentInvite(row, baseUrl));
}

/**
 * DELETE /api/invites/{code}: the invite stops working at once (its link answers "not valid"); it stays in the list,
 * expired, with its uses. Its creator, or any superuser; 404 for anyone else, as for a code that does not exist.
 */
export async function revokeInvite(
  context: AppContext,
  viewer: SessionUser,
  code: string,
  baseUrl: string,
): Promise<InviteView> {
  const invite = await expireInvite(context.db, code, viewer.isSuperuser ? null : viewer.id, context.clock.now());
  if (!invite) throw notFound(INSTANCE_MESSAGES.inviteNotFound);
  return presentInvite(invite, baseUrl);
}

/**
 * Counts one use of `code` inside the sign-up's transaction, or 400 when there is none or it is invalid (unknown,
 * expired, used up). Atomic: of two sign-ups on an invite's last use, one gets it.
 */
export async function useInvite(context: AppContext, tx: Executor, code: string | undefined): Promise<void> {
  if (!code) throw badRequest(INSTANCE_MESSAGES.inviteRequired, "inviteCode");
  if (!(await claimInviteUse(tx, code, context.clock.now())))
    throw badRequest(INSTANCE_MESSAGES.inviteInvalid, "inviteCode");
}
