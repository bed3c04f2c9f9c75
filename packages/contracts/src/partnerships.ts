import { z } from "zod";
import { discountType, redeemBlockMessage } from "./coupons";

/** Partnerships between a business and a creator (docs/PRODUCT.md "Partnerships"). */
export const PARTNERSHIP_STATUSES = ["pending", "accepted", "declined", "ended"] as const;
export const partnershipStatus = z.enum(PARTNERSHIP_STATUSES);
export type PartnershipStatus = z.infer<typeof partnershipStatus>;

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

/** Fewer people than this redeeming a partner's perks show as "fewer than 5" (k-anonymity, like admin charts). */
export const PARTNER_ANALYTICS_MIN_GROUP = 5;
export const PARTNER_FEWER_THAN_TEXT = "fewer than 5";

export const PARTNERSHIP_MESSAGES = {
  notFound: "Partnership not found",
  notCreator: "Only creator profiles can be invited as partners",
  notOwner: "Only the business's owner can invite partners",
  alreadyPartners: "This creator already has a pending or accepted partnership with your business",
  onlyCreatorAnswers: "Only the invited creator can answer this invitation",
  notPending: "This invitation was already answered",
  notParty: "Only the business's owner or the creator can end this partnership",
  alreadyEnded: "This partnership has already ended",
  partnerRequired: "A perk needs a creator who accepted a partnership with this business",
  perkNotLive: redeemBlockMessage("perkEnded"),
  perkNotYours: "You can only attach a live perk of one of your own partnerships",
} as const;

/** The refusal of a perk to someone who does not subscribe to the creator (contract text). */
export function perkForSubscribersMessage(creatorName: string): string {
  return redeemBlockMessage("notSubscribed", creatorName);
}

/** What a perk shows instead of its code to someone who may not redeem it: "For Maya Lens's subscribers". */
export function perkForText(creatorName: string): string {
  return `For ${creatorName}'s subscribers`;
}

/** How a perk reads on a creator's profile and in the subscribe dialog: "Subscribe to get 15% off at Ground Up". */
export function perkPitch(perk: { discountText: string; businessName: string }): string {
  return `Subscribe to get ${perk.discountText} at ${perk.businessName}`;
}

export const PARTNERSHIP_STATUS_LABELS: Record<PartnershipStatus, string> = {
  pending: "Invited",
  accepted: "Partner",
  declined: "Declined",
  ended: "Ended",
};

export const PARTNERSHIP_TEXTS = {
  tab: "Partners",
  title: "Creator partners",
  hint: "Invite creators you like. Once they accept, you can offer perks to their subscribers.",
  searchLabel: "Find a creator",
  searchPlaceholder: "Search creators by name",
  invite: "Invite",
  invited: "Invitation sent",
  end: "End partnership",
  endConfirmTitle: "End this partnership?",
  endConfirm: "Its perks stop working at once and disappear from profiles and posts.",
  ended: "Partnership ended",
  none: "No partners yet",
  settingsTitle: "Business partners",
  settingsHint: "Businesses that invite you can offer perks to your subscribers.",
  accept: "Accept",
  decline: "Decline",
  accepted: "You're now partners",
  declined: "Invitation declined",
  noInvitations: "No invitations or partners yet",
  redemptionsTitle: "Perk redemptions per partner",
  perksTitle: "Subscriber perks",
  perkOption: "Perk for subscribers of…",
  perkOptionNone: "Everyone (not a perk)",
  attachPerk: "Attach a perk",
  noPerk: "No perk",
} as const;
