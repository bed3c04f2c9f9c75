import type { SelfUserView } from "@plaza/contracts/users";

/**
 * Whether the signed-in account may post, message and create: not while suspended, nor while it waits for an
 * administrator's approval (the server refuses both with 403, so no button offers it).
 */
export function canWrite(user: Pick<SelfUserView, "isSuspended" | "status">): boolean {
  return !user.isSuspended && user.status === "active";
}
