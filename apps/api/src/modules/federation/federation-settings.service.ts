import type { FederationSettingsBody, FederationSettingsView } from "@plaza/contracts/federation";
import { USERS_MESSAGES } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import { notFound } from "../../lib/app-error";
import type { Viewer } from "../users/viewer";
import { findFederationSetting, upsertDiscoverable } from "./federation.repository";

/**
 * The viewer's "discoverable on other servers" setting (docs/decisions/0012-federation.md): unset, it follows the
 * account's visibility (on for a public account). Turned off, the account has no actor: WebFinger and its actor
 * answer 404.
 */
export async function getFederationSettings(context: AppContext, viewer: Viewer): Promise<FederationSettingsView> {
  const setting = await findFederationSetting(context.db, viewer.id);
  if (!setting) throw notFound(USERS_MESSAGES.userNotFound);
  const isDiscoverable = setting.isDiscoverable ?? setting.accountVisibility === "public";
  const publicUrl = context.env.PUBLIC_URL;
  const isAvailable = context.env.FEDERATION && publicUrl !== undefined;
  return {
    isAvailable,
    isDiscoverable,
    handle: isAvailable && isDiscoverable ? `@${setting.username}@${new URL(publicUrl as string).host}` : null,
  };
}

export async function updateFederationSettings(
  context: AppContext,
  viewer: Viewer,
  body: FederationSettingsBody,
): Promise<FederationSettingsView> {
  await upsertDiscoverable(context.db, viewer.id, body.isDiscoverable);
  return getFederationSettings(context, viewer);
}
