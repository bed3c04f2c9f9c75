import type { NotificationView } from "@plaza/contracts/notifications";
import { PARTNERSHIP_MESSAGES, type PartnershipView } from "@plaza/contracts/partnerships";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

async function buildCreator(firstName = "Maya", lastName = "Lens") {
  return buildUser(harness.app, { profileType: "creator", firstName, lastName });
}

/** A published business, a creator and an accepted partnership between them. */
async function partners() {
  const shop = await buildBusiness(harness.app, { publish: true });
  const creator = await buildCreator();
  const invited = await shop.owner.post("/api/partnerships", {
    businessId: shop.business.id,
    creatorId: creator.user.id,
  });
  expect(invited.statusCode).toBe(201);
  const partnershipId = invited.json<{ id: string }>().id;
  expect((await creator.client.post(`/api/partnerships/${partnershipId}/accept`)).statusCode).toBe(200);
  return { ...shop, creator, partnershipId };
}

async function notificationsOf(client: TestClient): Promise<NotificationView[]> {
  return (await client.get("/api/notifications")).json<NotificationView[]>();
}

describe("the partnership lifecycle", () => {
  it("invite: owner only (403), creators only (400), one open per pair (409), the creator is notified", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const creator = await buildCreator();
    const { client: personal, user: personalUser } = await buildUser(harness.app);
    const body = { businessId: business.id, creatorId: creator.user.id };

    expect((await new TestClient(harness.app).post("/api/partnerships", body)).statusCode).toBe(401);
    const notOwner = await personal.post("/api/partnerships", body);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(PARTNERSHIP_MESSAGES.notOwner);
    const notCreator = await owner.post("/api/partnerships", { ...body, creatorId: personalUser.id });
    expect(notCreator.statusCode).toBe(400);
    expect(notCreator.json().message).toBe(PARTNERSHIP_MESSAGES.notCreator);
    expect((await owner.post("/api/partnerships", { ...body, businessId: MISSING_ID })).statusCode).toBe(404);
    expect((await owner.post("/api/partnerships", { ...body, creatorId: MISSING_ID })).statusCode).toBe(404);
    expect((await owner.post("/api/partnerships", { businessId: "nope", creatorId: creator.user.id })).statusCode).toBe(
      400,
    );

    const created = await owner.post("/api/partnerships", body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      businessId: business.id,
      creatorId: creator.user.id,
      status: "pending",
    });
    const again = await owner.post("/api/partnerships", body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PARTNERSHIP_MESSAGES.alreadyPartners);

    const [notice] = await notificationsOf(creator.client);
    expect(notice).toMatchObject({
      type: "partnership_invited",
      text: `${business.name} invited you to partner with them`,
      targetUrl: "/settings#partners",
    });
  });

  it("two parallel invitations of one pair give one 201 and one 409", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const creator = await buildCreator();
    const body = { businessId: business.id, creatorId: creator.user.id };
    const responses = await Promise.all([owner.post("/api/partnerships", body), owner.post("/api/partnerships", body)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it("only the invited creator answers (403 for the owner and others), once (409); the owner is notified", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const creator = await buildCreator();
    const { client: stranger } = await buildUser(harness.app, { profileType: "creator" });
    const id = (await owner.post("/api/partnerships", { businessId: business.id, creatorId: creator.user.id })).json<{
      id: string;
    }>().id;

    for (const client of [owner, stranger]) {
      const refused = await client.post(`/api/partnerships/${id}/accept`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PARTNERSHIP_MESSAGES.onlyCreatorAnswers);
      expect((await client.post(`/api/partnerships/${id}/decline`)).statusCode).toBe(403);
    }
    expect((await creator.client.post(`/api/partnerships/${MISSING_ID}/accept`)).statusCode).toBe(404);

    const accepted = await creator.client.post(`/api/partnerships/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id, status: "accepted" });
    const twice = await creator.client.post(`/api/partnerships/${id}/decline`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PARTNERSHIP_MESSAGES.notPending);

    const [notice] = await notificationsOf(owner);
    expect(notice).toMatchObject({
      type: "partnership_accepted",
      text: "Maya Lens accepted your partnership invitation",
      targetUrl: "/business-dashboard#partners",
    });
  });

  it("a declined pair may be invited again; the decline notifies the owner", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const creator = await buildCreator();
    const body = { businessId: business.id, creatorId: creator.user.id };
    const first = (await owner.post("/api/partnerships", body)).json<{ id: string }>().id;
    const declined = await creator.client.post(`/api/partnerships/${first}/decline`);
    expect(declined.json()).toMatchObject({ status: "declined" });
    expect((await notificationsOf(owner))[0]?.type).toBe("partnership_declined");
    const second = await owner.post("/api/partnerships", body);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first);
  });

  it("either side ends it (204), a stranger may not (403), ending twice is 409, the other side is notified", async () => {
    const { owner, business, creator, partnershipId } = await partners();
    const { client: stranger } = await buildUser(harness.app);
    expect((await stranger.delete(`/api/partnerships/${partnershipId}`)).statusCode).toBe(403);
    expect((await owner.delete(`/api/partnerships/${partnershipId}`)).statusCode).toBe(204);
    expect((await creator.client.delete(`/api/partnerships/${partnershipId}`)).statusCode).toBe(409);
    expect((await notificationsOf(creator.client))[0]).toMatchObject({
      type: "partnership_ended",
      text: `${business.name} ended your partnership`,
      targetUrl: "/settings#partners",
    });

    // Re-invited after the end, then the creator ends it: the owner hears of it.
    const again = await owner.post("/api/partnerships", { businessId: business.id, creatorId: creator.user.id });
    const againId = again.json<{ id: string }>().id;
    await creator.client.post(`/api/partnerships/${againId}/accept`);
    expect((await creator.client.delete(`/api/partnerships/${againId}`)).statusCode).toBe(204);
    expect((await notificationsOf(owner))[0]).toMatchObject({
      type: "partnership_ended",
      text: "Maya Lens ended your partnership",
    });
  });

  it("GET /api/partnerships lists the user's partnerships on either side with both names", async () => {
    const { owner, business, creator, partnershipId } = await partners();
    const ownerList = (await owner.get("/api/partnerships")).json<PartnershipView[]>();
    expect(ownerList).toEqual([
      expect.objectContaining({
        id: partnershipId,
        status: "accepted",
        businessName: business.name,
        role: "business",
        creator: expect.objectContaining({ id: creator.user.id, firstName: "Maya", lastName: "Lens" }),
      }),
    ]);
    const creatorList = (await creator.client.get("/api/partnerships")).json<PartnershipView[]>();
    expect(creatorList).toEqual([expect.objectContaining({ id: partnershipId, role: "creator" })]);
    expect((await creator.client.get("/api/partnerships?status=pending")).json()).toEqual([]);
    const { client: stranger } = await buildUser(harness.app);
    expect((await stranger.get("/api/partnerships")).json()).toEqual([]);
  });
});
