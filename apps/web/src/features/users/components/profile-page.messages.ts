// The texts of profile-page.tsx (react-intl messages; English here, translations in src/i18n/catalogs).
import type { ProfileType } from "@plaza/contracts/users.texts";
import { defineMessages, type MessageDescriptor } from "react-intl";

export const messages = defineMessages({
  unknown: { id: "users.profile.joinedUnknown", defaultMessage: "Unknown" },
  noPosts: { id: "users.profile.noPosts", defaultMessage: "No posts yet" },
  noPostsOwn: { id: "users.profile.noPostsOwn", defaultMessage: "Share your first post to get started!" },
  noPostsOther: { id: "users.profile.noPostsOther", defaultMessage: "This user hasn't shared any posts yet." },
  createFirstPost: { id: "users.profile.createFirstPost", defaultMessage: "Create Your First Post" },
  privateTitle: { id: "users.profile.privateTitle", defaultMessage: "This account is private" },
  privateHint: {
    id: "users.profile.privateHint",
    defaultMessage: "Only people this user allows can see their posts and photos.",
  },
  loading: { id: "users.profile.loading", defaultMessage: "Loading profile..." },
  loadFailed: { id: "users.profile.loadFailed", defaultMessage: "Couldn't load this profile" },
  notFoundTitle: { id: "users.profile.notFoundTitle", defaultMessage: "User Not Found" },
  notFoundText: {
    id: "users.profile.notFoundText",
    defaultMessage: "The user profile you're looking for doesn't exist.",
  },
  returnHome: { id: "users.profile.returnHome", defaultMessage: "Return Home" },
  profileNotFound: { id: "users.profile.profileNotFound", defaultMessage: "Profile Not Found" },
  changePhoto: { id: "users.profile.changePhoto", defaultMessage: "Change profile photo" },
  editProfile: { id: "users.profile.editProfile", defaultMessage: "Edit Profile" },
  checkIn: { id: "users.profile.checkIn", defaultMessage: "Check In" },
  moreActions: { id: "users.profile.moreActions", defaultMessage: "More actions" },
  report: { id: "users.profile.report", defaultMessage: "Report" },
  block: { id: "users.profile.block", defaultMessage: "Block" },
  postsCount: { id: "users.profile.postsCount", defaultMessage: "Posts" },
  tabPosts: { id: "users.profile.tab.posts", defaultMessage: "Posts" },
  tabReviews: { id: "users.profile.tab.reviews", defaultMessage: "Reviews" },
  tabPhotos: { id: "users.profile.tab.photos", defaultMessage: "Photos" },
  tabCoupons: { id: "users.profile.tab.coupons", defaultMessage: "Coupons" },
  tabAbout: { id: "users.profile.tab.about", defaultMessage: "About" },
  noPhotos: { id: "users.profile.noPhotos", defaultMessage: "No photos yet" },
  noCoupons: { id: "users.profile.noCoupons", defaultMessage: "No active coupons" },
  about: { id: "users.profile.about", defaultMessage: "About" },
  noDescription: { id: "users.profile.noDescription", defaultMessage: "No description available." },
});

export const phrases = defineMessages<{ joined: { date: string } }>({
  joined: { id: "users.profile.joined", defaultMessage: "Joined {date}" },
});

/** The profile's web labels of the contract's profile types (same English as PROFILE_TYPE_LABELS). */
export const PROFILE_TYPE_MESSAGES: Record<ProfileType, MessageDescriptor> = defineMessages({
  personal: { id: "users.profileType.personal", defaultMessage: "Personal" },
  creator: { id: "users.profileType.creator", defaultMessage: "Creator" },
  business: { id: "users.profileType.business", defaultMessage: "Business" },
});
