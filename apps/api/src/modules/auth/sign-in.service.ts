import { type LoginBody, type RegisterBody, safeReturnTo } from "@plaza/contracts/auth";
import type { SelfUserView } from "@plaza/contracts/users";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../app-context";
import { presentSelf } from "../users/users.presenter";
import type { SessionUser } from "../users/viewer";
import { type NewSession, registerUser, signIn, signOut } from "./auth.service";

/** Who is signing in or up: the browser's session so far (it ends: rotation), its address and user agent. */
export interface SigningClient {
  sessionId: string | null;
  ip: string;
  userAgent: string | undefined;
  baseUrl: string;
  log: FastifyBaseLogger;
}

/** A signed-in answer: the user's self view, and the new session the cookie carries. */
export interface SignedIn {
  user: SelfUserView;
  session: NewSession;
}

/** Creates the account and signs it in; the browser's previous session ends. */
export async function signUp(context: AppContext, body: RegisterBody, client: SigningClient): Promise<SignedIn> {
  const { user, session } = await registerUser(context, body, client.userAgent, client.baseUrl);
  if (client.sessionId) await signOut(context, client.sessionId);
  client.log.info({ userId: user.id, event: "register" }, "account created");
  return { user: presentSelf(user), session };
}

/** Signs in; the browser's previous session ends (rotation). Each attempt is logged, refused ones too. */
export async function logIn(context: AppContext, body: LoginBody, client: SigningClient): Promise<SignedIn> {
  try {
    const { user, session } = await signIn(context, body, client.userAgent, client.ip);
    if (client.sessionId) await signOut(context, client.sessionId);
    client.log.info({ userId: user.id, event: "login", result: "success" }, "sign-in");
    return { user: presentSelf(user), session };
  } catch (error) {
    client.log.info({ event: "login", result: "failure" }, "sign-in refused");
    throw error;
  }
}

/** Ends this browser's session, if it has one. */
export async function endBrowserSession(context: AppContext, sessionId: string | null): Promise<void> {
  if (sessionId) await signOut(context, sessionId);
}

/** Ends this browser's session, and where the sign-out navigation goes: the landing page. */
export async function signOutNavigation(context: AppContext, sessionId: string | null): Promise<string> {
  await endBrowserSession(context, sessionId);
  return "/";
}

export function currentUser(viewer: SessionUser): SelfUserView {
  return presentSelf(viewer);
}

export function superuserStatus(viewer: SessionUser | null): { isSuperuser: boolean } {
  return { isSuperuser: viewer?.isSuperuser ?? false };
}

/** The sign-in page, keeping a safe `returnTo`. */
export function loginPage(returnTo: string | undefined): string {
  const target = safeReturnTo(returnTo);
  return target === "/" ? "/login" : `/login?returnTo=${encodeURIComponent(target)}`;
}
