import type { RegisterInput } from "@plaza/contracts/auth";
import type { SelfUserView } from "@plaza/contracts/users";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../src/app-context";
import { users } from "../../src/db/schema/users";
import { markEmailVerified } from "../../src/modules/auth/account-tokens.repository";
import { TestClient } from "../test-app";

let sequence = 0;

/** Attributes of a new account, unique per call. */
export function userAttributes(overrides: Partial<RegisterInput> = {}): RegisterInput & { password: string } {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    email: `user${tag}@example.test`,
    password: "correct horse battery",
    username: `user_${tag}`,
    firstName: "Test",
    lastName: `User${sequence}`,
    profileType: "personal",
    ...overrides,
  };
}

/**
 * Registers a real account through the API and returns a client signed in as it. The address counts as verified
 * (written to the database, as if the mailed link had been followed; a SUPERUSER_EMAILS address becomes a
 * superuser) unless `emailVerified: false`.
 */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<RegisterInput> = {},
  options: { emailVerified?: boolean } = {},
): Promise<{ client: TestClient; user: SelfUserView; password: string }> {
  const attributes = userAttributes(overrides);
  const client = new TestClient(app);
  const response = await client.post("/api/auth/register", attributes);
  if (response.statusCode !== 201) throw new Error(`buildUser failed: ${response.statusCode} ${response.body}`);
  const registered = response.json<SelfUserView>();
  if (options.emailVerified === false) return { client, user: registered, password: attributes.password };
  const { context } = app;
  await markEmailVerified(context.db, registered.id, context.clock.now(), context.env.SUPERUSER_EMAILS);
  const current = await client.get("/api/auth/user");
  return { client, user: current.json<SelfUserView>(), password: attributes.password };
}

/** Sets who may see the user's profile and posts (written to the database, as the privacy settings save it). */
export async function setVisibility(
  context: AppContext,
  userId: string,
  accountVisibility: "public" | "private" | "custom",
  customVisibleUsers: string[] = [],
): Promise<void> {
  await context.db.update(users).set({ accountVisibility, customVisibleUsers }).where(eq(users.id, userId));
}

/** Sets the user's city, country and how precisely they are shown. */
export async function setUserLocation(
  context: AppContext,
  userId: string,
  location: { city?: string; country?: string; locationPrivacy?: "public" | "city" | "country" | "hidden" },
): Promise<void> {
  await context.db.update(users).set(location).where(eq(users.id, userId));
}
