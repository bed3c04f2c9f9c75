import { INSTANCE_DEFAULTS } from "@plaza/contracts/instance.texts";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { operationQuery } from "@/lib/api";

/** GET /api/instance: the town's name, rules and sign-up mode (public; every page may show them). */
export const instanceQuery = () => ({ ...operationQuery("getInstance"), staleTime: 60_000 });

export function useInstance() {
  return useQuery(instanceQuery());
}

/** The instance's name, "Plaza" until it has loaded. */
export function useInstanceName(): string {
  return useInstance().data?.name ?? INSTANCE_DEFAULTS.name;
}

/** Keeps the tab's title the instance's name (the server writes it into the first page too). */
export function useInstanceTitle(): void {
  const name = useInstance().data?.name;
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
}
