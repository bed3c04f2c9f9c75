import { checkInBody, createBusinessBody } from "@plaza/contracts/businesses";
import { createCouponBody } from "@plaza/contracts/coupons";
import { subscribeBody, subscriptionPriceBody } from "@plaza/contracts/payments";
import { createPostBody } from "@plaza/contracts/posts";
import { DEFAULT_PREFERENCES, profileFormBody } from "@plaza/contracts/users";
import { acceptAgreement, ensureActiveAgreement } from "../agreements/agreements.service";
import { insertUser } from "../auth/auth.repository";
import { checkIn, createBusiness, editBusiness, readVisitCode } from "../businesses/businesses.service";
import { redeemCoupon } from "../coupons/coupon-redemptions.service";
import { createCoupon } from "../coupons/coupons.service";
import { approveFollowRequest, followUser } from "../follows/follows.service";
import { answerInvitation, invitePartner } from "../partnerships/partnerships.service";
import { setSubscriptionPrice, subscribe } from "../payments/subscriptions.service";
import { createPost } from "../posts/posts.service";
import { updateProfile, updateProfilePhoto } from "../users/users.service";
import { avatarSvg, logoSvg, postImageSvg } from "./demo-images";
import { DAY_MS, type DemoTownSeeder, demoEmail, HOUR_MS, initialsOf, MINUTE_MS, positionAt } from "./demo-seeder";
import {
  DEMO_BUSINESS_HOURS,
  DEMO_BUSINESSES,
  DEMO_PEOPLE,
  DEMO_SEED,
  DEMO_TIME_ZONE,
  DEMO_TOWN,
  type DemoPerson,
} from "./demo-town";
import { Random } from "./random";

/** "Paper & Pine Books" → "PP": the first letters of the name's first two words. */
function businessInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
}

/** The demo town's people, businesses, follows, subscriptions and partnerships, planned as events. */

export function planAccounts(seeder: DemoTownSeeder): void {
  DEMO_PEOPLE.forEach((person, index) => {
    const at = seeder.start + index * 17 * MINUTE_MS;
    seeder.schedule(at, ["uploads"], async () => {
      const created = await insertUser(seeder.context.db, {
        email: demoEmail(person.username),
        passwordHash: seeder.passwordHash,
        username: person.username,
        firstName: person.firstName,
        lastName: person.lastName,
        profileType: person.role === "creator" ? "creator" : person.role === "business" ? "business" : "personal",
        isSuperuser:
          person.role === "superuser" || seeder.context.env.SUPERUSER_EMAILS.includes(demoEmail(person.username)),
        preferences: DEFAULT_PREFERENCES,
        // Demo addresses cannot receive mail: the accounts start verified.
        emailVerifiedAt: new Date(at),
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
      seeder.counts.people += 1;
      const agreement = await ensureActiveAgreement(seeder.context.db, new Date(at));
      if (agreement) await acceptAgreement(seeder.context, created, agreement.id);
      const business = DEMO_BUSINESSES.find((candidate) => candidate.owner === person.username);
      const profile = profileFormBody.parse({
        firstName: person.firstName,
        lastName: person.lastName,
        username: person.username,
        bio: business ? business.description.slice(0, 160) : person.bio,
        accountVisibility: person.accountVisibility ?? "public",
        city: DEMO_TOWN.city,
        state: DEMO_TOWN.state,
        country: DEMO_TOWN.country,
        countryCode: DEMO_TOWN.countryCode,
        locationPrivacy: "city",
      });
      let row = await updateProfile(seeder.context, created, profile);
      const photo = await seeder.upload(row.id, avatarSvg(person.colors, initialsOf(person)));
      row = await updateProfilePhoto(seeder.context, row, photo);
      if (person.subscriptionPriceCents) {
        const price = subscriptionPriceBody.parse({ price: person.subscriptionPriceCents / 100 });
        await setSubscriptionPrice(seeder.context, row, price);
        row = { ...row, subscriptionPriceCents: person.subscriptionPriceCents };
      }
      seeder.people.set(person.username, row);
    });
  });
}

export function planBusinesses(seeder: DemoTownSeeder): void {
  DEMO_BUSINESSES.forEach((business, index) => {
    const at = seeder.start + DAY_MS + index * 3 * HOUR_MS;
    seeder.schedule(at, [], async () => {
      const owner = seeder.user(business.owner);
      // Its own pictures, stored like any upload: a logo in the owner's colours and a cover with its name.
      const colors = DEMO_PEOPLE.find((person) => person.username === business.owner)?.colors ?? ["#264653", "#2a9d8f"];
      const logoUrl = await seeder.upload(owner.id, logoSvg(colors, businessInitials(business.name)));
      const coverRandom = new Random(DEMO_SEED + 70_001 + index);
      const coverImageUrl = await seeder.upload(owner.id, postImageSvg(coverRandom, colors, business.name));
      const created = await createBusiness(
        seeder.context,
        owner,
        createBusinessBody.parse({
          logoUrl,
          coverImageUrl,
          hours: DEMO_BUSINESS_HOURS[business.owner] ?? null,
          timeZone: DEMO_TIME_ZONE,
          name: business.name,
          category: business.category,
          description: business.description,
          address: business.address,
          phone: business.phone,
          website: business.website,
          priceRange: business.priceRange,
          ...positionAt(business.offset),
        }),
      );
      seeder.businessIds.set(business.owner, created.id);
      seeder.counts.businesses += 1;
      const couponIds: string[] = [];
      for (const coupon of business.coupons) {
        const row = await createCoupon(
          seeder.context,
          owner,
          createCouponBody.parse({ businessId: created.id, ...coupon }),
        );
        couponIds.push(row.id);
        seeder.counts.coupons += 1;
      }
      seeder.couponIds.set(business.owner, couponIds);
      await editBusiness(seeder.context, owner, created.id, { isPublished: true });
    });
  });
}

export function follow(
  seeder: DemoTownSeeder,
  follower: string,
  target: string,
  at: number,
  targetPerson: DemoPerson | undefined,
): void {
  const isPrivate = targetPerson?.accountVisibility === "private" && follower !== "town_admin";
  const approvedAt = isPrivate ? (seeder.random.chance(0.75) ? at + seeder.random.int(30, 600) * MINUTE_MS : null) : at;
  seeder.schedule(at, ["notifications"], async () => {
    const status = await followUser(seeder.context, seeder.user(follower), seeder.user(target).id);
    if (status.isFollowing) seeder.counts.follows += 1;
    else seeder.counts.followRequests += 1;
  });
  if (isPrivate && approvedAt !== null) {
    seeder.schedule(approvedAt, ["notifications"], async () => {
      await approveFollowRequest(seeder.context, seeder.user(target), seeder.user(follower).id);
      seeder.counts.follows += 1;
      seeder.counts.followRequests -= 1;
    });
  }
  if (approvedAt !== null) {
    const list = seeder.followers.get(target) ?? [];
    list.push({ username: follower, at: approvedAt });
    seeder.followers.set(target, list);
  }
}

export function planFollows(seeder: DemoTownSeeder): void {
  const byRole = (role: DemoPerson["role"]) => DEMO_PEOPLE.filter((person) => person.role === role);
  const creators = byRole("creator");
  const owners = byRole("business");
  const regulars = byRole("regular");
  for (const person of DEMO_PEOPLE) {
    let targets: DemoPerson[];
    if (person.role === "regular") {
      targets = [
        ...seeder.random.sample(creators, seeder.random.int(3, 5)),
        ...seeder.random.sample(owners, seeder.random.int(2, 5)),
        ...seeder.random.sample(regulars, seeder.random.int(2, 4)),
      ];
    } else if (person.role === "creator") {
      targets = [
        ...seeder.random.sample(creators, seeder.random.int(2, 4)),
        ...seeder.random.sample(regulars, seeder.random.int(1, 3)),
        ...seeder.random.sample(owners, seeder.random.int(1, 3)),
      ];
    } else if (person.role === "business") {
      targets = [...seeder.random.sample(owners, seeder.random.int(1, 3)), ...seeder.random.sample(creators, 1)];
    } else {
      targets = seeder.random.sample([...creators, ...owners], 6);
    }
    // The featured regular follows every creator, so their feed shows the whole range of posts.
    if (person.username === "jess_h") targets = [...creators, ...seeder.random.sample(owners, 8), ...targets];
    const seen = new Set<string>();
    for (const target of targets) {
      if (target.username === person.username || seen.has(target.username)) continue;
      seen.add(target.username);
      follow(seeder, person.username, target.username, seeder.start + (2 + seeder.random.next() * 24) * DAY_MS, target);
    }
  }
}

export function planSubscriptions(seeder: DemoTownSeeder): void {
  const creators = DEMO_PEOPLE.filter((person) => person.role === "creator");
  const fans = DEMO_PEOPLE.filter((person) => person.role === "regular" || person.role === "creator");
  for (const fan of fans) {
    const others = creators.filter((creator) => creator.username !== fan.username);
    const chosen =
      fan.username === "jess_h"
        ? [creators[0] as DemoPerson, ...seeder.random.sample(others.slice(1), 1)]
        : seeder.random.sample(others, seeder.random.int(0, 2));
    for (const creator of chosen) {
      // Within the last four weeks, so every subscription is in its first paid month.
      const at = seeder.end - (12 + seeder.random.next() * 15) * DAY_MS;
      const list = seeder.subscribers.get(creator.username) ?? [];
      list.push({ username: fan.username, at });
      seeder.subscribers.set(creator.username, list);
      seeder.schedule(at, ["notifications", "ledger_accounts"], async () => {
        const body = subscribeBody.parse({ creatorId: seeder.user(creator.username).id });
        await subscribe(seeder.context, seeder.user(fan.username), body, null);
        seeder.counts.subscriptions += 1;
      });
    }
  }
}

/**
 * Two partnerships with perks (docs/PRODUCT.md "Partnerships"): Ground Up Coffee and Maya, Gorge Outfitters and
 * Kai. Maya attaches her perk to a post, and Jess (Maya's subscriber) redeems it after a check-in.
 */
export function planPartnerships(seeder: DemoTownSeeder): void {
  const pairs = [
    {
      owner: "ground_up_coffee",
      creator: "maya_shoots",
      perk: { title: "15% off for Maya's subscribers", discountType: "percentage", discountValue: 15 },
    },
    {
      owner: "gorge_outfitters",
      creator: "kitesurf_kai",
      perk: { title: "$10 off a kite lesson for Kai's subscribers", discountType: "fixed", discountValue: 10 },
    },
  ] as const;
  pairs.forEach((pair, index) => {
    const invitedAt = seeder.end - (9 - index) * DAY_MS;
    seeder.schedule(invitedAt, ["notifications"], async () => {
      const businessId = seeder.businessIds.get(pair.owner);
      if (!businessId) throw new Error(`demo business of ${pair.owner} does not exist yet`);
      const owner = seeder.user(pair.owner);
      const creator = seeder.user(pair.creator);
      const invited = await invitePartner(seeder.context, owner, { businessId, creatorId: creator.id });
      seeder.clock.advance(3 * 60 * MINUTE_MS);
      await answerInvitation(seeder.context, creator, invited.id, "accepted");
      const perk = await createCoupon(
        seeder.context,
        owner,
        createCouponBody.parse({ businessId, ...pair.perk, maxRedemptions: 50, partnerCreatorId: creator.id }),
      );
      seeder.perkIds.set(pair.creator, perk.id);
      seeder.counts.coupons += 1;
    });
  });
  seeder.schedule(seeder.end - 6 * DAY_MS, [], async () => {
    const perkCouponId = seeder.perkIds.get("maya_shoots");
    const body = createPostBody.parse({
      title: "Coffee's on Ground Up",
      content: "Subscribers: show this at Ground Up Coffee for 15% off. Thanks for keeping my film stocked!",
      tags: ["coffee", "perks"],
      perkCouponId,
    });
    await createPost(seeder.context, seeder.user("maya_shoots"), body);
    seeder.counts.posts += 1;
  });
  const jessAt = seeder.daytime(2, 2);
  seeder.schedule(jessAt, ["notifications"], async () => {
    const business = DEMO_BUSINESSES.find((candidate) => candidate.owner === "ground_up_coffee");
    const businessId = seeder.businessIds.get("ground_up_coffee");
    const perkId = seeder.perkIds.get("maya_shoots");
    if (!business || !businessId || !perkId) throw new Error("the demo perk does not exist yet");
    const { code } = await readVisitCode(seeder.context, seeder.user("ground_up_coffee"), businessId);
    const position = positionAt([business.offset[0] + 8, business.offset[1] - 5]);
    await checkIn(
      seeder.context,
      seeder.user("jess_h"),
      businessId,
      checkInBody.parse({ ...position, visitCode: code }),
    );
    seeder.counts.checkins += 1;
    await redeemCoupon(seeder.context, seeder.user("jess_h"), perkId);
    seeder.counts.redemptions += 1;
  });
}
