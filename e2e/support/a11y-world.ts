import { type RegisteredAccount, registerViaApi } from "./accounts";
import { expectApiOk } from "./api";

/**
 * The data e2e/a11y.e2e.ts walks its screens with, made through the API so every screen shows content, not only its
 * empty state.
 */

const SHOP = { latitude: 38.7139, longitude: -9.1334 };

export interface A11yWorld {
  viewer: RegisteredAccount;
  friend: RegisteredAccount;
  secretive: RegisteredAccount;
  owner: RegisteredAccount;
  newcomerOwner: RegisteredAccount;
  admin: RegisteredAccount;
  businessId: string;
  friendPostId: string;
  conversationId: string;
}

/** Accounts, a published business with coupons, a review, partnerships, posts, messages, a tip and a report. */
export async function buildA11yWorld(base: string): Promise<A11yWorld> {
  const [viewer, friend, secretive, owner, newcomerOwner, admin] = await Promise.all([
    registerViaApi(base, { firstName: "Vera", lastName: "Viewer", profileType: "creator" }),
    registerViaApi(base, { firstName: "Finn", lastName: "Friend", profileType: "creator" }),
    registerViaApi(base, { firstName: "Sara", lastName: "Secret" }),
    registerViaApi(base, { firstName: "Otto", lastName: "Owner", profileType: "business" }),
    registerViaApi(base, { firstName: "Nina", lastName: "New", profileType: "business" }),
    registerViaApi(base, { firstName: "Ada", lastName: "Admin", email: "admin@plaza.test", username: "plaza_admin" }),
  ]);
  const as = (account: RegisteredAccount, method: string, path: string, body?: unknown) =>
    expectApiOk<{ id: string } & Record<string, unknown>>(base, account.sessionCookie, method, path, body);

  // The business: created, a coupon, published; the viewer checks in with a review.
  const business = await as(owner, "POST", "/api/businesses", {
    name: "Tasca do Largo",
    category: "restaurant",
    description: "Grilled sardines and green wine.",
    address: "Largo do Carmo 1, Lisbon",
    phone: "+351 210 000 000",
    website: "https://tasca.example",
    priceRange: "$$",
    ...SHOP,
  });
  const businessId = business.id;
  await as(owner, "POST", "/api/coupons", {
    businessId,
    title: "Free dessert",
    description: "With any main course",
    discountType: "freeItem",
    discountValue: 0,
    maxRedemptions: 20,
  });
  await as(owner, "PATCH", `/api/businesses/${businessId}`, { isPublished: true });
  const { code } = (await as(owner, "GET", `/api/businesses/${businessId}/visit-code`)) as unknown as { code: string };
  await as(viewer, "POST", `/api/businesses/${businessId}/checkins`, {
    ...SHOP,
    visitCode: code,
    rating: 4,
    review: "Lovely terrace.",
  });
  // Partnerships: the viewer (a creator) is the business's partner with a perk; the friend has an invitation.
  const partnership = await as(owner, "POST", "/api/partnerships", { businessId, creatorId: viewer.user.id });
  await as(viewer, "POST", `/api/partnerships/${partnership.id}/accept`);
  await as(owner, "POST", "/api/partnerships", { businessId, creatorId: friend.user.id });
  await as(owner, "POST", "/api/coupons", {
    businessId,
    title: "10% off for Vera's subscribers",
    discountType: "percentage",
    discountValue: 10,
    partnerCreatorId: viewer.user.id,
  });
  // A friend's review: the viewer's friend activity.
  await as(friend, "POST", `/api/businesses/${businessId}/checkins`, {
    ...SHOP,
    visitCode: code,
    rating: 5,
    review: "Best sardines in town.",
  });

  // People: the viewer follows the friend, the friend posts (one pay-per-view), they talk, the friend tips.
  await as(viewer, "POST", "/api/follows", { followingId: friend.user.id });
  await as(friend, "POST", "/api/follows", { followingId: viewer.user.id });
  await as(viewer, "POST", "/api/posts", { title: "My first walk", content: "Alfama at sunrise.", tags: ["walk"] });
  const free = await as(friend, "POST", "/api/posts", {
    title: "Tram 28",
    content: "Best ride in town.",
    tags: ["tram"],
  });
  const friendPostId = free.id;
  await as(friend, "POST", "/api/posts", {
    title: "Secret beach",
    content: "Where to swim without the crowds, step by step.",
    postType: "premium",
    price: 2.5,
  });
  await as(viewer, "POST", "/api/comments".replace("/api/comments", `/api/posts/${friendPostId}/comments`), {
    content: "Took it yesterday!",
  });
  await as(viewer, "POST", "/api/likes", { postId: friendPostId });
  const message = await as(viewer, "POST", "/api/messages", {
    recipientId: friend.user.id,
    content: "Coffee tomorrow?",
    messageType: "text",
  });
  const conversationId = String(message.conversationId);
  await as(friend, "POST", "/api/messages", {
    recipientId: viewer.user.id,
    content: "Sure, 10am.",
    messageType: "text",
  });
  await as(friend, "POST", "/api/tips", { receiverId: viewer.user.id, amount: 5, message: "Thanks for the tips!" });
  await as(secretive, "PATCH", "/api/users/profile", {
    firstName: "Sara",
    lastName: "Secret",
    username: secretive.user.username,
    accountVisibility: "private",
  });
  await as(viewer, "POST", "/api/reports", { targetType: "post", targetId: friendPostId, reason: "Looks like spam" });

  return { viewer, friend, secretive, owner, newcomerOwner, admin, businessId, friendPostId, conversationId };
}
