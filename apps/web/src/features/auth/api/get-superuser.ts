import { optionalOperationQuery } from "@/lib/api";

/** GET /api/auth/superuser: the admin screen's check (the avatar menu reads the signed-in user's own flag). */
export const superuserQuery = () => optionalOperationQuery("getAuthSuperuser");
