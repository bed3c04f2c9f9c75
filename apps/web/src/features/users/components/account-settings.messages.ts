// The texts of account-settings.tsx (react-intl messages; English here, translations in src/i18n/catalogs).
import type { MessagePrivacy, Preferences } from "@plaza/contracts/users";
import { defineMessages, type MessageDescriptor } from "react-intl";

export const messages = defineMessages({
  title: { id: "users.settings.title", defaultMessage: "Account Settings" },
  tabProfile: { id: "users.settings.tab.profile", defaultMessage: "Profile" },
  tabPrivacy: { id: "users.settings.tab.privacy", defaultMessage: "Privacy" },
  tabPreferences: { id: "users.settings.tab.preferences", defaultMessage: "Preferences" },
  tabAccount: { id: "users.settings.tab.account", defaultMessage: "Account" },
  tabSecurity: { id: "users.settings.tab.security", defaultMessage: "Security" },
  saving: { id: "users.settings.saving", defaultMessage: "Saving..." },
  saveChanges: { id: "users.settings.saveChanges", defaultMessage: "Save Changes" },
  profileFailed: { id: "users.settings.profileFailed", defaultMessage: "Failed to update profile. Please try again." },
  profileTitle: { id: "users.settings.profile.title", defaultMessage: "Profile Information" },
  profileDescription: {
    id: "users.settings.profile.description",
    defaultMessage: "Update your name, username, bio and location.",
  },
  firstName: { id: "users.settings.profile.firstName", defaultMessage: "First Name" },
  lastName: { id: "users.settings.profile.lastName", defaultMessage: "Last Name" },
  username: { id: "users.settings.profile.username", defaultMessage: "Username" },
  bio: { id: "users.settings.profile.bio", defaultMessage: "Bio" },
  bioPlaceholder: { id: "users.settings.profile.bioPlaceholder", defaultMessage: "Tell people about yourself" },
  city: { id: "users.settings.profile.city", defaultMessage: "City" },
  state: { id: "users.settings.profile.state", defaultMessage: "State/Province" },
  country: { id: "users.settings.profile.country", defaultMessage: "Country" },
  countryCode: { id: "users.settings.profile.countryCode", defaultMessage: "Country Code" },
  countryCodePlaceholder: { id: "users.settings.profile.countryCodePlaceholder", defaultMessage: "US" },
  privacyTitle: { id: "users.settings.privacy.title", defaultMessage: "Privacy Settings" },
  privacyDescription: {
    id: "users.settings.privacy.description",
    defaultMessage: "Control who can see your profile and your location.",
  },
  accountVisibility: { id: "users.settings.privacy.accountVisibility", defaultMessage: "Account Visibility" },
  visibleTo: { id: "users.settings.privacy.visibleTo", defaultMessage: "Visible to" },
  locationPrivacy: { id: "users.settings.privacy.locationPrivacy", defaultMessage: "Location Privacy" },
  locationTracking: { id: "users.settings.privacy.locationTracking", defaultMessage: "Allow Location Tracking" },
  locationTrackingHint: {
    id: "users.settings.privacy.locationTrackingHint",
    defaultMessage: "Use your location to show nearby content",
  },
  followRequestsTitle: { id: "users.settings.followRequests.title", defaultMessage: "Follow Requests" },
  followRequestsDescription: {
    id: "users.settings.followRequests.description",
    defaultMessage: "People who asked to follow your private account.",
  },
  blockedTitle: { id: "users.settings.blocked.title", defaultMessage: "Blocked Users" },
  blockedDescription: {
    id: "users.settings.blocked.description",
    defaultMessage: "People you blocked cannot see your profile or follow you.",
  },
  preferencesTitle: { id: "users.settings.preferences.title", defaultMessage: "Preferences" },
  preferencesDescription: {
    id: "users.settings.preferences.description",
    defaultMessage: "Choose how Plaza contacts you and what others see.",
  },
  language: { id: "users.settings.preferences.language", defaultMessage: "Language" },
  languageHint: {
    id: "users.settings.preferences.languageHint",
    defaultMessage: "The language of Plaza's screens, mails and messages for you",
  },
  messagePrivacy: { id: "users.settings.preferences.messagePrivacy", defaultMessage: "Who can message you" },
  savePreferences: { id: "users.settings.preferences.save", defaultMessage: "Save Preferences" },
});

export const VISIBILITY_LABELS = defineMessages({
  public: { id: "users.settings.visibility.public", defaultMessage: "Public — everyone can see your profile" },
  private: { id: "users.settings.visibility.private", defaultMessage: "Private — only followers you approve" },
  custom: { id: "users.settings.visibility.custom", defaultMessage: "Custom — only people you choose (up to 10)" },
});
export const LOCATION_PRIVACY_LABELS = defineMessages({
  public: { id: "users.settings.locationPrivacy.public", defaultMessage: "Public — show city, state and country" },
  city: { id: "users.settings.locationPrivacy.city", defaultMessage: "City — show city and country" },
  country: { id: "users.settings.locationPrivacy.country", defaultMessage: "Country only" },
  hidden: { id: "users.settings.locationPrivacy.hidden", defaultMessage: "Hidden" },
});
export const MESSAGE_PRIVACY_LABELS: Record<MessagePrivacy, MessageDescriptor> = defineMessages({
  all: { id: "users.settings.messagePrivacy.all", defaultMessage: "Everyone" },
  friends: { id: "users.settings.messagePrivacy.friends", defaultMessage: "Only people I follow" },
  none: { id: "users.settings.messagePrivacy.none", defaultMessage: "No one" },
});
export const PREFERENCE_SWITCHES: {
  key: Exclude<keyof Preferences, "messagePrivacy" | "locale">;
  label: MessageDescriptor;
  hint: MessageDescriptor;
  /** A switch that has nothing to switch: shown off and disabled, with the hint saying why. */
  isUnavailable?: boolean;
}[] = [
  {
    key: "emailNotifications",
    label: { id: "users.settings.preferences.emailNotifications", defaultMessage: "Email notifications" },
    hint: {
      id: "users.settings.preferences.emailNotificationsHint",
      defaultMessage: "Email me about tips, unlocks, new subscribers and messages left unread for 15 minutes",
    },
  },
  {
    key: "pushNotifications",
    label: { id: "users.settings.preferences.pushNotifications", defaultMessage: "Push notifications" },
    hint: {
      id: "users.settings.preferences.pushNotificationsHint",
      defaultMessage: "Notify this device even when Plaza is closed (your in-app notifications stay either way)",
    },
  },
  {
    key: "marketingEmails",
    label: { id: "users.settings.preferences.marketingEmails", defaultMessage: "Marketing emails" },
    hint: { id: "users.settings.preferences.marketingEmailsHint", defaultMessage: "Plaza sends no marketing mail" },
    isUnavailable: true,
  },
  {
    key: "showOnlineStatus",
    label: { id: "users.settings.preferences.showOnlineStatus", defaultMessage: "Show online status" },
    hint: {
      id: "users.settings.preferences.showOnlineStatusHint",
      defaultMessage: "Let others see when you are online or were last active",
    },
  },
  {
    key: "allowDirectMessages",
    label: { id: "users.settings.preferences.allowDirectMessages", defaultMessage: "Allow direct messages" },
    hint: { id: "users.settings.preferences.allowDirectMessagesHint", defaultMessage: "Let people send you messages" },
  },
  {
    key: "showRecentActivity",
    label: { id: "users.settings.preferences.showRecentActivity", defaultMessage: "Show recent activity" },
    hint: {
      id: "users.settings.preferences.showRecentActivityHint",
      defaultMessage: "Show your check-ins and activity to friends",
    },
  },
  {
    key: "showReadReceipts",
    label: { id: "users.settings.preferences.showReadReceipts", defaultMessage: "Read receipts" },
    hint: {
      id: "users.settings.preferences.showReadReceiptsHint",
      defaultMessage: 'Show "Seen" when you read a message; turned off, you don\'t see it from others either',
    },
  },
];
