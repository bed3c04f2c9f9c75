import { z } from "zod";
import { discountType } from "./coupons";
import { PARTNERSHIP_STATUSES } from "./partnerships.texts";

export * from "./partnerships.texts";

export const partnershipStatus = z.enum(PARTNERSHIP_STATUSES);

/** POST /api/partnerships: the business's owner invites a creator. */
export const createPartnershipBody = z.object({
  businessId: z.uuid("Invalid business"),
  creatorId: z.uuid("Invalid creator"),
});
export type CreatePartnershipBody = z.infer<typeof createPartnershipBody>;

export const partnershipIdParams = z.object({ id: z.uuid("Invalid partnership id") });

/** A partnership as either side sees it, with both names so a list needs nothing else. */
export const partnershipView = z.object({
  id: z.uuid(),
  businessId: z.uuid(),
  creatorId: z.uuid(),
  status: partnershipStatus,
  businessName: z.string(),
  creator: z.object({
    id: z.uuid(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
  /** Which side the signed-in user is on. */
  role: z.enum(["business", "creator"]),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type PartnershipView = z.infer<typeof partnershipView>;

/** The answer to POST /api/partnerships (201) and to accept/decline (200). */
export const partnershipStateView = z.object({
  id: z.uuid(),
  businessId: z.uuid(),
  creatorId: z.uuid(),
  status: partnershipStatus,
});
export type PartnershipStateView = z.infer<typeof partnershipStateView>;

/** GET /api/partnerships?status= narrows the list to one status. */
export const partnershipListQuery = z.object({ status: partnershipStatus.optional() });

/** A live perk: a coupon of an accepted partner business for the creator's active subscribers. */
export const perkView = z.object({
  /** The coupon's id. */
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  businessId: z.uuid(),
  businessName: z.string(),
  creatorId: z.uuid(),
  discountType,
  discountValue: z.number(),
  expiresAt: z.string().nullable(),
});
export type PerkView = z.infer<typeof perkView>;

/** Redemptions of the business's perks per partner creator; `redemptions` is null for groups under 5 people. */
export const partnerRedemptionsView = z.array(
  z.object({
    creatorId: z.uuid(),
    creatorName: z.string(),
    status: partnershipStatus,
    redemptions: z.number().int().nullable(),
  }),
);
export type PartnerRedemptionsView = z.infer<typeof partnerRedemptionsView>;
