import { z } from "zod";

/** POST /api/admin/users/{id}/suspend: both optional, as the seed screen sends neither. */
export const suspendUserBody = z
  .object({
    reason: z.string().trim().max(500, "Reason too long").optional(),
    suspendUntil: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .default({});

export const adminStatsView = z.object({
  totalUsers: z.number().int(),
  totalPosts: z.number().int(),
  totalBusinesses: z.number().int(),
  suspendedUsers: z.number().int(),
  deletedUsers: z.number().int(),
});

/** Groups smaller than this are shown as "fewer than 5" (CONTRACT "Admin and moderation"). */
export const LOCATION_ANALYTICS_MIN_GROUP = 5;
