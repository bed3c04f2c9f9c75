import { queryKeyFor } from "./api";

/**
 * The query key of the signed-in user (`GET /api/auth/user`). Every feature that reads, replaces or refreshes the
 * current user uses this one key; the auth feature owns the query itself.
 */
export const currentUserQueryKey = queryKeyFor("getAuthUser");
