// Texts, constants and pure rules of admin: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./admin.ts, which re-exports all of this.

/** Groups smaller than this are shown as "fewer than 5" (docs/PRODUCT.md "Admin and moderation"). */
export const LOCATION_ANALYTICS_MIN_GROUP = 5;
export const FEWER_THAN_MIN_GROUP_TEXT = "fewer than 5";
/** Label of the one entry into which all groups under the minimum are merged. */
export const OTHER_LOCATIONS_LABEL = "Other places";

/** How the activity log reads each admin action (adminActionLabel puts any other code in words). */
export const ADMIN_ACTION_LABELS: Record<string, string> = {
  suspend_user: "Suspended",
  unsuspend_user: "Lifted the suspension of",
  verify_user: "Verified",
  approve_user: "Approved the sign-up of",
  reject_user: "Rejected the sign-up of",
  unverify_user: "Removed the verified badge of",
  delete_user: "Deleted",
  delete_post: "Removed the post",
  publish_agreement: "Published the user agreement",
  publish_privacy_policy: "Published the privacy policy",
  resolve_report: "Resolved a report on",
  "demo_town.seeded": "Seeded the demo town",
};

/** How the log reads an action: its label, else its code in words ("demo_town.reset" → "Demo town reset"). */
export function adminActionLabel(action: string): string {
  const label = ADMIN_ACTION_LABELS[action];
  if (label) return label;
  const words = action.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The Jobs tab of the admin console. */
export const JOBS_TEXTS = {
  tab: "Jobs",
  title: "Background jobs",
  pgBoss: "Jobs run on the PostgreSQL job queue (pg-boss), shared by every API process and worker.",
  inProcess:
    "Jobs run inside this process on the embedded database: counts and failures since it started. A shared queue with workers needs PostgreSQL (DATABASE_URL).",
  notHere: "This process only queues jobs (WORKERS=off); a worker (npm run worker) runs them.",
  queue: "Queue",
  queued: "Queued",
  running: "Running",
  failed: "Failed",
  latestFailed: "Latest failed jobs",
  noFailures: "No failed jobs.",
  attempts: (count: number) => (count === 1 ? "1 attempt" : `${count} attempts`),
  retry: "Retry",
  retried: "Job queued again",
  retryFailed: "Could not retry the job.",
  loadFailed: "Could not load the jobs.",
} as const;

/** Messages of the admin and report calls, shown by the server and the screens alike. */
/** Admin console texts of the verified badge (docs/PRODUCT.md "Local discovery": admin verification). */
export const VERIFY_TEXTS = {
  verify: "Verify",
  unverify: "Remove badge",
  confirmVerifyTitle: "Verify this account?",
  confirmVerify: "The verified badge will show next to their name everywhere.",
  confirmUnverifyTitle: "Remove the verified badge?",
  confirmUnverify: "The badge disappears from their name everywhere.",
  verified: "Account verified",
  unverified: "Verified badge removed",
} as const;

export const ADMIN_MESSAGES = {
  userNotFound: "User not found",
  postNotFound: "Post not found",
  reportNotFound: "Report not found",
  superuserCannotBeSuspended: "Superusers cannot be suspended.",
  superuserCannotBeDeleted: "Superusers cannot be deleted.",
  alreadyDeleted: "This user is already marked for deletion.",
  suspendUntilInPast: "The end date must be in the future.",
  versionTaken: "An agreement with this version already exists.",
  reportTargetNotFound: "The content you are reporting no longer exists.",
  alreadyReported: "You have already reported this.",
  reportingTooFast: "You are sending reports too quickly. Please wait a moment.",
  cannotReportYourself: "You cannot report yourself.",
  reportAlreadyResolved: "This report has already been resolved.",
  deletedByAdmin: "Account deleted by an administrator",
  nothingToDelete: "A reported user has no content to delete; suspend the user instead.",
  jobNotFound: "No failed job with this id in this queue",
  jobNotFailed: "This job has not failed, so there is nothing to retry",
} as const;

/** Toasts of the admin screen (docs/PRODUCT.md §8). */
export const ADMIN_TOASTS = {
  userSuspended: "User suspended",
  userUnsuspended: "Suspension lifted",
  userDeletedTitle: "User deleted",
  userDeletedText: "User has been marked for deletion (7-day grace period).",
  postDeleted: "Post deleted",
  suspendFailed: "Failed to suspend user.",
  deleteUserFailed: "Failed to delete user.",
  deletePostFailed: "Failed to delete post.",
  accessDeniedTitle: "Access Denied",
  accessDeniedText: "Superuser access required.",
  reportSent: "Report sent",
  reportSentText: "Thank you. A moderator will review it.",
  reportFailed: "Failed to send report.",
  reportResolved: "Report resolved",
  agreementPublished: "Agreement published",
  privacyPolicyPublished: "Privacy policy published",
} as const;
