import type { FollowStatusView } from "@plaza/contracts/follows";
import type { ProfileView, SelfUserView } from "@plaza/contracts/users";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { createIntl } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";
import { followMutationOptions } from "./toggle-follow";

vi.mock("@/components/ui/use-toast", () => ({ toast: vi.fn(), toastFailure: vi.fn() }));

const USER_ID = "22222222-2222-4222-8222-222222222222";
const intl = createIntl({ locale: "en", defaultLocale: "en" });

function holdFetch() {
  let answer: (response: Response) => void = () => undefined;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, answer: (status: number, body: unknown) => answer(Response.json(body, { status })) };
}

describe("followMutationOptions", () => {
  let queryClient: QueryClient;
  const state = () => ({
    status: queryClient.getQueryData<FollowStatusView>(["/api/follows/status", USER_ID]),
    followers: queryClient.getQueryData<ProfileView>(["/api/users", USER_ID])?.followersCount,
    following: queryClient.getQueryData<SelfUserView>(currentUserQueryKey)?.followingCount,
  });
  const seed = (accountVisibility: ProfileView["accountVisibility"]) => {
    queryClient.setQueryData(["/api/follows/status", USER_ID], { isFollowing: false, isRequested: false });
    queryClient.setQueryData(["/api/users", USER_ID], { id: USER_ID, followersCount: 10, accountVisibility });
    queryClient.setQueryData(currentUserQueryKey, { id: "viewer", followingCount: 4 });
  };

  beforeEach(() => {
    queryClient = new QueryClient();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast).mockClear();
    vi.mocked(toastFailure).mockClear();
  });

  it("shows the follow and both counts before the server answers", async () => {
    seed("public");
    const server = holdFetch();
    const follow = new MutationObserver(queryClient, followMutationOptions(queryClient, USER_ID, intl)).mutate(true);
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    expect(state()).toEqual({ status: { isFollowing: true, isRequested: false }, followers: 11, following: 5 });
    server.answer(201, { isFollowing: true, isRequested: false });
    await follow;
    expect(state().status).toEqual({ isFollowing: true, isRequested: false });
  });

  it("restores status and counts and shows the server's refusal when the follow fails", async () => {
    seed("public");
    const server = holdFetch();
    const follow = new MutationObserver(queryClient, followMutationOptions(queryClient, USER_ID, intl)).mutate(true);
    await vi.waitFor(() => expect(state().followers).toBe(11));
    server.answer(403, { message: "You cannot follow this user" });
    await expect(follow).rejects.toThrow();
    expect(state()).toEqual({ status: { isFollowing: false, isRequested: false }, followers: 10, following: 4 });
    // The failure toast shows the server's sentence (toastFailure; its own behaviour is tested in use-toast.test).
    expect(toastFailure).toHaveBeenCalledWith(expect.any(ApiError), "Failed to update follow status");
    expect(vi.mocked(toastFailure).mock.calls[0]?.[0]).toMatchObject({ serverMessage: "You cannot follow this user" });
  });

  it("expects a request, not a follow, for a private account: counts stay", async () => {
    seed("private");
    const server = holdFetch();
    const follow = new MutationObserver(queryClient, followMutationOptions(queryClient, USER_ID, intl)).mutate(true);
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    expect(state()).toEqual({ status: { isFollowing: false, isRequested: true }, followers: 10, following: 4 });
    server.answer(201, { isFollowing: false, isRequested: true });
    await follow;
  });
});
