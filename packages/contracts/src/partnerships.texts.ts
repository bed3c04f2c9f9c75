// Texts, constants and pure rules of partnerships: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./partnerships.ts, which re-exports all of this.
import { redeemBlockMessage } from "./coupons.texts";

/** Partnerships between a business and a creator (docs/PRODUCT.md "Partnerships"). */
export const PARTNERSHIP_STATUSES = ["pending", "accepted", "declined", "ended"] as const;
export type PartnershipStatus = (typeof PARTNERSHIP_STATUSES)[number];

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
