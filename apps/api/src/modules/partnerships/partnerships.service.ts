import { BUSINESS_MESSAGES } from "@plaza/contracts/businesses";
import { startOfUtcWeek } from "@plaza/contracts/coupons";
import {
  type CreatePartnershipBody,
  PARTNER_ANALYTICS_MIN_GROUP,
  PARTNERSHIP_MESSAGES,
  type PartnerRedemptionsView,
  type PartnershipStateView,
  type PartnershipStatus,
  type PartnershipView,
  type PerkView,
} from "@plaza/contracts/partnerships";
import { USERS_MESSAGES } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import type { PartnershipRow } from "../../db/schema/partnerships";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { inTransaction } from "../../lib/unit-of-work";
import { canManageBusiness } from "../businesses/businesses.policy";
import { findBusinessById } from "../businesses/businesses.repository";
import { notify } from "../notifications/notifications.service";
import { isBlockedEitherWay } from "../relationships/relationships.repository";
import { shownName } from "../users/users.presenter";
import { findUserById } from "../users/users.repository";
import type { SessionUser } from "../users/viewer";
import { presentPartnership, presentPartnershipState, presentPerk } from "./partnerships.presenter";
import {
  countRedemptionsPerPartner,
  findOpenPartnership,
  findPartnershipById,
  insertPartnership,
  listLivePerksOfCreator,
  listPartnershipsOfUser,
  transitionPartnership,
} from "./partnerships.repository";

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  return candidate.code === "23505" || candidate.cause?.code === "23505";
}

/**
 * The owner of a business invites a creator (docs/PRODUCT.md "Partnerships"): owner only (403), creator profiles
 * only (400), one open partnership per pair (409; a declined or ended pair may be invited again). The creator is
 * notified in the same transaction.
 */
export async function invitePartner(
  context: AppContext,
  viewer: SessionUser,
  body: CreatePartnershipBody,
): Promise<PartnershipStateView> {
  const business = await findBusinessById(context.db, body.businessId);
  if (!business) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  if (!canManageBusiness(viewer, business)) throw forbidden(PARTNERSHIP_MESSAGES.notOwner);
  const creator = await findUserById(context.db, body.creatorId);
  if (!creator || creator.isDeleted) throw notFound("Creator not found");
  if (creator.profileType !== "creator") throw badRequest(PARTNERSHIP_MESSAGES.notCreator, "creatorId");
  if (await isBlockedEitherWay(context.db, viewer.id, creator.id)) throw notFound("Creator not found");
  if (await findOpenPartnership(context.db, business.id, creator.id)) {
    throw conflict(PARTNERSHIP_MESSAGES.alreadyPartners, "PARTNERSHIP_EXISTS");
  }
  try {
    return await inTransaction(context, async (tx, effects) => {
      const row = await insertPartnership(tx, {
        businessId: business.id,
        creatorId: creator.id,
        createdAt: context.clock.now(),
      });
      await notify(tx, effects, {
        userId: creator.id,
        type: "partnership_invited",
        actorId: viewer.id,
        entityType: "partnership",
        entityId: row.id,
        data: { businessId: business.id, businessName: business.name },
      });
      return presentPartnershipState(row);
    });
  } catch (error) {
    // A parallel invitation of the same pair won the partial unique index.
    if (isUniqueViolation(error)) throw conflict(PARTNERSHIP_MESSAGES.alreadyPartners, "PARTNERSHIP_EXISTS");
    throw error;
  }
}

/** The invited creator accepts or declines a pending invitation; the owner is notified. */
export async function answerInvitation(
  context: AppContext,
  viewer: SessionUser,
  partnershipId: string,
  answer: "accepted" | "declined",
): Promise<PartnershipStateView> {
  const found = await findPartnershipById(context.db, partnershipId);
  if (!found) throw notFound(PARTNERSHIP_MESSAGES.notFound);
  if (found.partnership.creatorId !== viewer.id) throw forbidden(PARTNERSHIP_MESSAGES.onlyCreatorAnswers);
  return inTransaction(context, async (tx, effects) => {
    const row = await transitionPartnership(tx, partnershipId, ["pending"], answer, context.clock.now());
    if (!row) throw conflict(PARTNERSHIP_MESSAGES.notPending, "PARTNERSHIP_NOT_PENDING");
    await notify(tx, effects, {
      userId: found.business.ownerId,
      type: answer === "accepted" ? "partnership_accepted" : "partnership_declined",
      actorId: viewer.id,
      entityType: "partnership",
      entityId: row.id,
      data: { businessId: found.business.id, businessName: found.business.name },
    });
    return presentPartnershipState(row);
  });
}

/**
 * Either side ends a pending or accepted partnership (withdrawing an invitation is ending it too). Its perks stop
 * at once: they are live only while the partnership is accepted. The other side is notified.
 */
export async function endPartnership(context: AppContext, viewer: SessionUser, partnershipId: string): Promise<void> {
  const found = await findPartnershipById(context.db, partnershipId);
  if (!found) throw notFound(PARTNERSHIP_MESSAGES.notFound);
  if (!isParty(viewer, found)) throw forbidden(PARTNERSHIP_MESSAGES.notParty);
  const isCreator = found.partnership.creatorId === viewer.id;
  await inTransaction(context, async (tx, effects) => {
    const row = await transitionPartnership(tx, partnershipId, ["pending", "accepted"], "ended", context.clock.now());
    if (!row) throw conflict(PARTNERSHIP_MESSAGES.alreadyEnded, "PARTNERSHIP_ENDED");
    await notify(tx, effects, {
      userId: isCreator ? found.business.ownerId : found.partnership.creatorId,
      type: "partnership_ended",
      actorId: viewer.id,
      entityType: "partnership",
      entityId: row.id,
      data: {
        businessId: found.business.id,
        businessName: found.business.name,
        recipientRole: isCreator ? "business" : "creator",
      },
    });
  });
}

function isParty(viewer: SessionUser, found: { partnership: PartnershipRow; business: { ownerId: string } }): boolean {
  return found.partnership.creatorId === viewer.id || found.business.ownerId === viewer.id;
}

export async function listPartnerships(
  context: AppContext,
  viewer: SessionUser,
  status?: PartnershipStatus,
): Promise<PartnershipView[]> {
  const rows = await listPartnershipsOfUser(context.db, viewer.id, status);
  return rows.map((row) => presentPartnership(row, viewer.id));
}

/** A creator's live perks, as their profile shows them (public to everyone who may see the profile). */
/** A creator's live perks, for anyone signed in whom the creator has not blocked (and who has not blocked them). */
export async function listLivePerks(context: AppContext, viewer: SessionUser, creatorId: string): Promise<PerkView[]> {
  if (await isBlockedEitherWay(context.db, viewer.id, creatorId)) throw notFound(USERS_MESSAGES.userNotFound);
  const rows = await listLivePerksOfCreator(context.db, creatorId, context.clock.now());
  return rows.map(presentPerk);
}

/**
 * Redemptions of the business's perks per partner, for its owner: the completed weeks in which at least 5 different
 * people redeemed a partner's perks, summed; none such shows no number ("fewer than 5"). The number changes only
 * when a week ends, by 5 or more, so the owner cannot tell who of a creator's few fans came, nor when.
 */
export async function readPartnerRedemptions(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
): Promise<PartnerRedemptionsView> {
  const business = await findBusinessById(context.db, businessId);
  if (!business) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  if (!canManageBusiness(viewer, business)) throw forbidden(BUSINESS_MESSAGES.notOwner);
  const rows = await countRedemptionsPerPartner(context.db, business.id, {
    before: startOfUtcWeek(context.clock.now()),
    minimum: PARTNER_ANALYTICS_MIN_GROUP,
  });
  return rows.map((row) => ({
    creatorId: row.creatorId,
    creatorName: shownName(row),
    status: row.status,
    redemptions: row.redemptions >= PARTNER_ANALYTICS_MIN_GROUP ? row.redemptions : null,
  }));
}
