import { ppvUnlockBody } from "@plaza/contracts/payments";
import { createCommentBody, createPostBody } from "@plaza/contracts/posts";
import { unlockPost } from "../payments/payments.service";
import { addComment, likePost } from "../posts/comments-likes.service";
import { createPost } from "../posts/posts.service";
import { createUploadUrl, receiveUpload } from "../uploads/uploads.service";
import {
  DAY_MS,
  type DemoTownSeeder,
  HOUR_MS,
  isPrivateAccount,
  MINUTE_MS,
  type PlannedPost,
  positionAt,
} from "./demo-seeder";
import {
  COMMENT_TEXTS,
  DEMO_BUSINESSES,
  DEMO_PEOPLE,
  DEMO_TOWN,
  type DemoBusiness,
  type DemoGalleryPicture,
  POST_TOPICS,
  type PostCategory,
} from "./demo-town";

/** The demo town's posts, who sees them, and their likes and comments, planned as events. */

export function planPosts(seeder: DemoTownSeeder): PlannedPost[] {
  const topicCursor = new Map<string, number>();
  const planned: PlannedPost[] = [];
  const takeFrom = (topic: string) => {
    const entries = POST_TOPICS[topic]?.posts ?? [];
    const index = topicCursor.get(topic) ?? 0;
    if (index >= entries.length) return null;
    topicCursor.set(topic, index + 1);
    return entries[index] ?? null;
  };
  for (const person of DEMO_PEOPLE) {
    const business = DEMO_BUSINESSES.find((candidate) => candidate.owner === person.username);
    const count = person.role === "creator" ? 12 : person.role === "business" ? 3 : person.role === "superuser" ? 2 : 3;
    const businessTemplates = seeder.random.sample(POST_TOPICS.business?.posts ?? [], 3);
    for (let index = 0; index < count; index += 1) {
      let entry: {
        title: string;
        content: string;
        caption: string;
        category: PostCategory;
        tags: string[];
        gallery?: DemoGalleryPicture[];
      };
      if (business) {
        const template = businessTemplates[index % businessTemplates.length];
        if (!template) break;
        const fill = (text: string) => text.replaceAll("{name}", business.name);
        entry = {
          title: fill(template.title),
          content: `${fill(template.content)} ${business.address.split(",")[0]}.`,
          caption: fill(template.caption),
          category: "business",
          tags: ["shoplocal", business.category],
        };
      } else {
        const topics = person.role === "regular" && index === 0 ? ["visit", ...person.topics] : person.topics;
        let found: (typeof entry & object) | null = null;
        for (const topic of [...topics, "community", "events", "outdoors"]) {
          if (topic === "visit") {
            found = visitPost(seeder);
            break;
          }
          const taken = takeFrom(topic);
          const definition = POST_TOPICS[topic];
          if (taken && definition) {
            found = { ...taken, category: definition.category, tags: definition.tags };
            break;
          }
        }
        if (!found) found = visitPost(seeder);
        entry = found;
      }
      const isCreator = person.role === "creator";
      const roll = seeder.random.next();
      const postType: PlannedPost["postType"] =
        isCreator && roll < 0.2 ? "ppv" : isCreator && roll < 0.4 ? "subscriber" : "free";
      // Subscriber posts come after the first subscriptions, so subscribers have something to see.
      const at = postType === "subscriber" ? seeder.daytime(11, 0.1) : seeder.daytime(30, 0.1);
      // A gallery post always has its pictures (the chance is still drawn, so the rest of the town stays the same).
      const hasImage =
        seeder.random.chance(isCreator ? 0.7 : business ? 0.6 : 0.3) ||
        person.role === "superuser" ||
        entry.gallery !== undefined;
      const colors = person.colors;
      const position = business
        ? positionAt(business.offset)
        : positionAt([seeder.random.int(-1500, 1500), seeder.random.int(-1500, 1500)]);
      planned.push({
        key: planned.length,
        author: person.username,
        at,
        title: entry.title,
        content: entry.content,
        category: entry.category,
        tags: entry.tags,
        postType,
        priceDollars: postType === "ppv" ? seeder.random.pick([2.99, 3.99, 4.99, 6.99]) : null,
        image: hasImage ? { caption: entry.caption, colors } : null,
        imageDescription: hasImage ? `${entry.caption}: ${entry.title.toLowerCase()}, in ${DEMO_TOWN.city}` : null,
        gallery: hasImage ? (entry.gallery ?? []) : [],
        position,
      });
    }
  }
  for (const post of planned) schedulePost(seeder, post);
  return planned;
}

export function visitPost(seeder: DemoTownSeeder) {
  const business: DemoBusiness = seeder.random.pick(DEMO_BUSINESSES);
  const review = seeder.random.pick(business.reviews);
  const opener = seeder.random.pick(["Morning at", "Lunch break at", "Found a new favourite:", "Can't stop going to"]);
  return {
    title: `${opener} ${business.name}`,
    content: `${review} Checked in with the code at the counter, coupon unlocked.`,
    caption: business.name,
    category: (business.category === "restaurant" || business.category === "cafe"
      ? "food"
      : "lifestyle") as PostCategory,
    tags: ["shoplocal", business.category],
  };
}

export function schedulePost(seeder: DemoTownSeeder, post: PlannedPost): void {
  seeder.schedule(post.at, [], async () => {
    const author = seeder.user(post.author);
    const imageUrls = seeder.imageUrls.get(post.key) ?? [];
    const media = imageUrls.map((url, index) => ({
      url,
      alt: index === 0 ? post.imageDescription : (post.gallery[index - 1]?.caption ?? null),
    }));
    const body = createPostBody.parse({
      title: post.title,
      content: post.content,
      postType: post.postType,
      price: post.priceDollars,
      category: post.category,
      tags: post.tags,
      media,
      location: {
        city: DEMO_TOWN.city,
        state: DEMO_TOWN.state,
        country: DEMO_TOWN.country,
        countryCode: DEMO_TOWN.countryCode,
        ...post.position,
      },
    });
    const created = await createPost(seeder.context, author, body);
    seeder.postIds.set(post.key, created.id);
    seeder.counts.posts += 1;
  });
}

export function postId(seeder: DemoTownSeeder, post: PlannedPost): string {
  const id = seeder.postIds.get(post.key);
  if (!id) throw new Error(`demo post ${post.key} does not exist yet`);
  return id;
}

/** Who can see the post at a moment: followers (public authors also strangers), subscribers, or buyers. */
export function audienceAt(seeder: DemoTownSeeder, post: PlannedPost, at: number): string[] {
  const followers = followersAt(seeder, post.author, at);
  if (post.postType === "subscriber") return subscribersAt(seeder, post.author, at);
  if (isPrivateAccount(post.author)) return followers;
  const strangers = seeder.random
    .sample(DEMO_PEOPLE, 4)
    .map((person) => person.username)
    .filter((username) => username !== post.author && !followers.includes(username));
  return [...followers, ...strangers];
}

/**
 * Whether `username` may see the post at `at`, the rule the services apply when the reaction is made: a subscriber
 * post needs a subscription and a private author's post a follow, both from before that moment. Reactions are
 * planned at random moments after the post, so each is checked at its own moment, whatever time of day the town
 * is seeded at.
 */
export function canSee(seeder: DemoTownSeeder, post: PlannedPost, username: string, at: number): boolean {
  if (post.postType === "subscriber") return subscribersAt(seeder, post.author, at).includes(username);
  if (isPrivateAccount(post.author)) return followersAt(seeder, post.author, at).includes(username);
  return true;
}

export function followersAt(seeder: DemoTownSeeder, author: string, at: number): string[] {
  return (seeder.followers.get(author) ?? []).filter((entry) => entry.at < at).map((entry) => entry.username);
}

export function subscribersAt(seeder: DemoTownSeeder, author: string, at: number): string[] {
  return (seeder.subscribers.get(author) ?? []).filter((entry) => entry.at < at).map((entry) => entry.username);
}

export function planReactions(seeder: DemoTownSeeder, posts: PlannedPost[]): void {
  for (const post of posts) {
    const isCreator = DEMO_PEOPLE.find((person) => person.username === post.author)?.role === "creator";
    let likers: { username: string; at: number }[];
    if (post.postType === "ppv" && post.priceDollars) {
      const price = post.priceDollars;
      const buyers = seeder.random
        .sample(
          DEMO_PEOPLE.filter((person) => person.username !== post.author && person.role !== "business"),
          seeder.random.int(1, 4),
        )
        .map((person) => ({ username: person.username, at: post.at + seeder.random.int(20, 2 * 24 * 60) * MINUTE_MS }));
      if (post.author === "maya_shoots" && !buyers.some((buyer) => buyer.username === "jess_h")) {
        buyers.push({ username: "jess_h", at: post.at + seeder.random.int(30, 600) * MINUTE_MS });
      }
      for (const buyer of buyers) {
        seeder.schedule(buyer.at, ["notifications", "ledger_accounts"], async () => {
          const body = ppvUnlockBody.parse({ postId: postId(seeder, post), amount: price });
          await unlockPost(seeder.context, seeder.user(buyer.username), body, null);
          seeder.counts.unlocks += 1;
        });
      }
      likers = buyers
        .filter(() => seeder.random.chance(0.5))
        .map((buyer) => ({ username: buyer.username, at: buyer.at + 5 * MINUTE_MS }));
    } else {
      const lastMoment = post.at + 36 * HOUR_MS;
      const audience = audienceAt(seeder, post, lastMoment).filter((username) => username !== post.author);
      const count = isCreator ? seeder.random.int(2, 6) : seeder.random.int(0, 3);
      likers = seeder.random
        .sample(audience, count)
        .map((username) => ({ username, at: post.at + seeder.random.int(10, 36 * 60) * MINUTE_MS }));
      // Only people who could see the post when they liked it.
      likers = likers.filter((liker) => canSee(seeder, post, liker.username, liker.at));
      if (post.postType === "free" && seeder.random.chance(0.4)) {
        for (const commenter of seeder.random.sample(audience, seeder.random.int(1, 2))) {
          const at = post.at + seeder.random.int(15, 24 * 60) * MINUTE_MS;
          const content = seeder.random.pick(COMMENT_TEXTS);
          if (!canSee(seeder, post, commenter, at)) continue;
          seeder.schedule(at, ["notifications"], async () => {
            await addComment(
              seeder.context,
              seeder.user(commenter),
              postId(seeder, post),
              createCommentBody.parse({ content }),
            );
            seeder.counts.comments += 1;
          });
        }
      }
    }
    for (const liker of likers) {
      seeder.schedule(liker.at, ["notifications"], async () => {
        await likePost(seeder.context, seeder.user(liker.username), postId(seeder, post));
        seeder.counts.likes += 1;
      });
    }
  }
}

/**
 * One short video post by a creator two days ago, through the real pipeline (upload, the video job's re-encode
 * and poster, then the post), so the town shows a ready video. Where ffmpeg is missing the town has none, and
 * says so in the log.
 */
export function planVideoPost(seeder: DemoTownSeeder, video: Promise<Buffer | null>): void {
  const author = "kitesurf_kai";
  const at = seeder.end - 2 * DAY_MS - 3 * HOUR_MS;
  seeder.schedule(at, ["uploads"], async () => {
    const bytes = await video;
    if (!bytes) {
      seeder.context.background.log.info("demo town: ffmpeg is missing, so the town has no video post");
      return;
    }
    const owner = seeder.user(author);
    const ticket = await createUploadUrl(seeder.context, owner.id);
    const url = new URL(ticket.uploadURL, "http://plaza.local");
    const stored = await receiveUpload(seeder.context, {
      uploadId: url.pathname.split("/").at(-1) ?? "",
      token: url.searchParams.get("token") ?? "",
      ownerId: owner.id,
      body: bytes,
    });
    await seeder.context.background.idle();
    const body = createPostBody.parse({
      title: "Wind window at the Event Site",
      content: "Four seconds of the colours out there this afternoon, from the launch.",
      postType: "free",
      category: "lifestyle",
      tags: ["kiteboarding", "video"],
      media: [{ url: stored.objectUrl, alt: "A slow drift of blue and sand colours, like water and beach" }],
      location: {
        city: DEMO_TOWN.city,
        state: DEMO_TOWN.state,
        country: DEMO_TOWN.country,
        countryCode: DEMO_TOWN.countryCode,
        ...positionAt([-1200, 1500]),
      },
    });
    await createPost(seeder.context, owner, body);
    seeder.counts.posts += 1;
    seeder.counts.videos += 1;
  });
}
