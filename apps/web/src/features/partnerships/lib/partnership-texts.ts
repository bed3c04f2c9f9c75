import type { PartnershipStatus } from "@plaza/contracts/partnerships.texts";
import { defineMessages, type MessageDescriptor } from "react-intl";

/**
 * The web's own messages for the partnership texts of the contract (packages/contracts/src/partnerships.texts.ts,
 * the same English), so that the partnership screens read in the viewer's language.
 */
export const STATUS_MESSAGES: Record<PartnershipStatus, MessageDescriptor> = defineMessages({
  pending: { id: "partnerships.status.pending", defaultMessage: "Invited" },
  accepted: { id: "partnerships.status.accepted", defaultMessage: "Partner" },
  declined: { id: "partnerships.status.declined", defaultMessage: "Declined" },
  ended: { id: "partnerships.status.ended", defaultMessage: "Ended" },
});

export const PARTNERSHIP_MESSAGES = defineMessages({
  title: { id: "partnerships.texts.title", defaultMessage: "Creator partners" },
  hint: {
    id: "partnerships.texts.hint",
    defaultMessage: "Invite creators you like. Once they accept, you can offer perks to their subscribers.",
  },
  searchLabel: { id: "partnerships.texts.searchLabel", defaultMessage: "Find a creator" },
  searchPlaceholder: { id: "partnerships.texts.searchPlaceholder", defaultMessage: "Search creators by name" },
  invite: { id: "partnerships.texts.invite", defaultMessage: "Invite" },
  invited: { id: "partnerships.texts.invited", defaultMessage: "Invitation sent" },
  end: { id: "partnerships.texts.end", defaultMessage: "End partnership" },
  endConfirmTitle: { id: "partnerships.texts.endConfirmTitle", defaultMessage: "End this partnership?" },
  endConfirm: {
    id: "partnerships.texts.endConfirm",
    defaultMessage: "Its perks stop working at once and disappear from profiles and posts.",
  },
  ended: { id: "partnerships.texts.ended", defaultMessage: "Partnership ended" },
  none: { id: "partnerships.texts.none", defaultMessage: "No partners yet" },
  settingsTitle: { id: "partnerships.texts.settingsTitle", defaultMessage: "Business partners" },
  settingsHint: {
    id: "partnerships.texts.settingsHint",
    defaultMessage: "Businesses that invite you can offer perks to your subscribers.",
  },
  accept: { id: "partnerships.texts.accept", defaultMessage: "Accept" },
  decline: { id: "partnerships.texts.decline", defaultMessage: "Decline" },
  accepted: { id: "partnerships.texts.accepted", defaultMessage: "You're now partners" },
  declined: { id: "partnerships.texts.declined", defaultMessage: "Invitation declined" },
  noInvitations: { id: "partnerships.texts.noInvitations", defaultMessage: "No invitations or partners yet" },
  redemptionsTitle: { id: "partnerships.texts.redemptionsTitle", defaultMessage: "Perk redemptions per partner" },
  perksTitle: { id: "partnerships.texts.perksTitle", defaultMessage: "Subscriber perks" },
  attachPerk: { id: "partnerships.texts.attachPerk", defaultMessage: "Attach a perk" },
  noPerk: { id: "partnerships.texts.noPerk", defaultMessage: "No perk" },
  fewerThan: { id: "partnerships.texts.fewerThan", defaultMessage: "fewer than 5" },
});
