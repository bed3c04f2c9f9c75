import type { BusinessRow } from "../../db/schema/businesses";
import type { SessionUser } from "../auth/auth.service";

/** Only the owner changes a business or reads its visit code, check-in details and analytics. */
export function canManageBusiness(viewer: Pick<SessionUser, "id">, business: Pick<BusinessRow, "ownerId">): boolean {
  return business.ownerId === viewer.id;
}

/** Published businesses are public; a draft is visible to its owner only. */
export function canViewBusiness(
  viewer: Pick<SessionUser, "id"> | null,
  business: Pick<BusinessRow, "ownerId" | "isPublished">,
): boolean {
  return business.isPublished || (viewer !== null && canManageBusiness(viewer, business));
}
