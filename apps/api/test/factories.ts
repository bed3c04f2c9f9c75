import type { RegisterInput } from "@plaza/contracts/auth";
import type { SelfUserView } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import { TestClient } from "./test-app";

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

/** Registers a real account through the API and returns a client signed in as it. */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<RegisterInput> = {},
): Promise<{ client: TestClient; user: SelfUserView; password: string }> {
  const attributes = userAttributes(overrides);
  const client = new TestClient(app);
  const response = await client.post("/api/auth/register", attributes);
  if (response.statusCode !== 201) throw new Error(`buildUser failed: ${response.statusCode} ${response.body}`);
  return { client, user: response.json<SelfUserView>(), password: attributes.password };
}
