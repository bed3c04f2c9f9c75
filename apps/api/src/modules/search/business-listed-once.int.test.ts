import type { SearchResultsView } from "@plaza/contracts/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("GET /api/search lists a business once (issue 52)", () => {
  it("leaves a business's own account out of the people when the business is among the businesses", async () => {
    const shop = await buildBusiness(harness.app, { publish: true });
    const reader = await buildUser(harness.app);
    const owner = (await reader.client.get(`/api/users/${shop.ownerId}`)).json<{ username: string }>();
    // The business is named like its owner account's username, so one text matches the account and the business.
    const name = `${owner.username} Roasters`;
    expect((await shop.owner.patch(`/api/businesses/${shop.business.id}`, { name })).statusCode).toBe(200);

    for (const q of [owner.username, "Roasters"]) {
      const response = await reader.client.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const results = response.json<SearchResultsView>();
      const asBusiness = results.businesses.filter((business) => business.id === shop.business.id);
      const asPerson = results.people.filter((person) => person.id === shop.ownerId);
      // Once in all: as the business when it matched as one, else as its account (which speaks as the business).
      expect(asBusiness.length + asPerson.length, q).toBe(1);
      if (asBusiness.length === 0) expect(asPerson[0]?.firstName).toBe(name);
    }
    // Asked for people only, the account is still found.
    const people = (
      await reader.client.get(`/api/search?q=${encodeURIComponent(owner.username)}&type=people`)
    ).json<SearchResultsView>().people;
    expect(people.map((person) => person.id)).toContain(shop.ownerId);
  });
});
