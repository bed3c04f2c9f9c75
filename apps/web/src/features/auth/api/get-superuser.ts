import { useQuery } from "@tanstack/react-query";
import { optionalOperationQuery } from "@/lib/api";

export const superuserQuery = () => optionalOperationQuery("getAuthSuperuser");

/** False while loading or when the result is missing (docs/PRODUCT.md §4). */
export function useIsSuperuser(enabled: boolean): boolean {
  const { data } = useQuery({ ...superuserQuery(), enabled });
  return data?.isSuperuser ?? false;
}
