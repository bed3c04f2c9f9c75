import { z } from "zod";
import { pageQuery } from "./pagination";
import { profileType, userSummaryView } from "./users";

export * from "./admin.texts";

/** POST /api/admin/users/{id}/suspend: both optional, as the seed screen sends neither (even no body at all). */
export const suspendUserBody = z
  .object({
    reason: z.string().trim().max(500, "Reason too long").optional(),
    suspendUntil: z.iso.datetime({ offset: true, error: "Invalid end date" }).nullable().optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type SuspendUserBody = z.infer<typeof suspendUserBody>;

export const adminStatsView = z.object({
  totalUsers: z.number().int(),
  totalPosts: z.number().int(),
  totalBusinesses: z.number().int(),
  suspendedUsers: z.number().int(),
  deletedUsers: z.number().int(),
  openReports: z.number().int(),
});
export type AdminStatsView = z.infer<typeof adminStatsView>;

/** GET /api/admin/users: `q` searches name, username and email. */
export const adminUsersQuery = pageQuery.extend({
  q: z.string().trim().max(100, "Search is too long").optional(),
});

export const adminUserIdParams = z.object({ userId: z.uuid("Invalid user id") });
export const adminPostIdParams = z.object({ postId: z.uuid("Invalid post id") });

/** A user as a superuser sees them in the admin screen. */
export const adminUserView = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  profileType,
  isVerified: z.boolean(),
  isSuperuser: z.boolean(),
  isSuspended: z.boolean(),
  suspendedUntil: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  isDeleted: z.boolean(),
  deletionGracePeriodEnd: z.string().nullable(),
  postsCount: z.number().int(),
  followersCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminUserView = z.infer<typeof adminUserView>;

/** A post in the admin content list (docs/PRODUCT.md §2 "Admin"). Prices in dollars. */
export const adminPostView = z.object({
  id: z.uuid(),
  authorId: z.uuid(),
  author: userSummaryView,
  title: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  postType: z.enum(["free", "ppv", "subscriber"]),
  isPpv: z.boolean(),
  ppvPrice: z.number().nullable(),
  imageUrl: z.string().nullable(),
  altText: z.string().nullable(),
  mediaType: z.enum(["image", "video"]).nullable(),
});
export type AdminPostView = z.infer<typeof adminPostView>;

export const adminLogView = z.object({
  id: z.uuid(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  adminUserId: z.string().nullable(),
  /** Who acted, by name; null when that account is gone. */
  admin: userSummaryView.nullable(),
  /** What the target is called (a username, a post's title, an agreement's version); null when it is gone. */
  targetLabel: z.string().nullable(),
  /** The account acted on, when the target is a user that still exists (name, photo and a link on the screen). */
  targetUser: userSummaryView.nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminLogView = z.infer<typeof adminLogView>;

/**
 * One bar of a location chart. `count` is null when the group (or the merged "other" group) has fewer than
 * 5 people: the screen shows "fewer than 5" instead. Small groups never appear under their own name.
 */
export const locationGroupView = z.object({
  label: z.string(),
  count: z.number().int().nullable(),
  isMerged: z.boolean(),
});
export type LocationGroupView = z.infer<typeof locationGroupView>;

/** The fields every chart row shares; the group's name is in each chart's documented field (below). */
const locationRowFields = { count: locationGroupView.shape.count, isMerged: locationGroupView.shape.isMerged };

/**
 * Rows carry the documented field names (docs/PRODUCT.md "Admin and moderation", docs/PRODUCT.md "Fidelity fixes"): `topCities` rows
 * `{city, count}`, `topCountries` `{country, count}`, `usersByLocation` and `postsByLocation` `{location, count}`,
 * each with `isMerged` for the "Other places" row.
 */
export const locationStatsView = z.object({
  topCities: z.array(z.object({ city: z.string(), ...locationRowFields })),
  topCountries: z.array(z.object({ country: z.string(), ...locationRowFields })),
  usersByLocation: z.array(z.object({ location: z.string(), ...locationRowFields })),
  postsByLocation: z.array(z.object({ location: z.string(), ...locationRowFields })),
});
export type LocationStatsView = z.infer<typeof locationStatsView>;

export const agreementAdminView = z.object({
  id: z.uuid(),
  title: z.string(),
  version: z.string(),
  content: z.string(),
  createdAt: z.string(),
});

export const systemView = z.object({
  activeAgreement: agreementAdminView.nullable(),
  activePrivacyPolicy: agreementAdminView.nullable(),
  databaseSizeBytes: z.number(),
  databaseKind: z.enum(["pglite", "postgres"]),
  tableCounts: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  jobs: z.array(
    z.object({ name: z.string(), intervalMs: z.number().int(), isEnabled: z.boolean(), backlog: z.number().int() }),
  ),
});
export type SystemView = z.infer<typeof systemView>;

/** GET /api/admin/jobs: the job queue's queues (queued, running, failed) and its latest failed jobs. */
export const jobsView = z.object({
  /** `pg-boss` on PostgreSQL (DATABASE_URL); `in-process` on the embedded database. */
  implementation: z.enum(["pg-boss", "in-process"]),
  /** Whether the process that answered runs jobs (false with WORKERS=off: a worker runs them). */
  worksHere: z.boolean(),
  queues: z.array(
    z.object({
      name: z.string(),
      queued: z.number().int(),
      running: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  failed: z.array(
    z.object({
      id: z.string(),
      queue: z.string(),
      error: z.string(),
      failedAt: z.string().nullable(),
      attempts: z.number().int(),
    }),
  ),
});
export type JobsView = z.infer<typeof jobsView>;

/** POST /api/admin/jobs/{queue}/{id}/retry */
export const jobRetryParams = z.object({
  queue: z.string().regex(/^[a-z0-9-]{1,64}$/, "Unknown job queue"),
  id: z.uuid("Invalid job id"),
});

/**
 * POST /api/admin/agreements and POST /api/admin/privacy-policy: publishes a new version of the user agreement or
 * the privacy policy and makes it the active one.
 */
export const publishAgreementBody = z.object({
  title: z.string().trim().min(1, "Title is required").max(200, "Title too long"),
  version: z.string().trim().min(1, "Version is required").max(40, "Version too long"),
  content: z.string().trim().min(1, "Content is required").max(100_000, "Content too long"),
});
export type PublishAgreementBody = z.infer<typeof publishAgreementBody>;
