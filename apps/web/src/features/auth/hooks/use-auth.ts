import { useCurrentUser } from "../api/get-current-user";

/** Authenticated when the current-user call returns data (docs/PRODUCT.md §4). */
export function useAuth() {
  const { data, isLoading } = useCurrentUser();
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
