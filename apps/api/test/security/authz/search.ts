import { randomUUID } from "node:crypto";
import { subscriptions } from "../../../src/db/schema/payments";
import { insertUnlock } from "../../factories/payments";
import { insertPost } from "../../factories/posts";
import { seesAliceContent } from "../world";
import { allow, type MatrixRow, SELF } from "./common";

/** A word no other post holds (letters only, so the search parser keeps it whole). */
const hiddenWord = () => `zq${randomUUID().replaceAll("-", "").slice(0, 12).replace(/\d/g, "x")}`;

/** Matrix rows: search. */
export const SEARCH_ROWS: MatrixRow[] = [
  {
    // A word of the hidden part of Alice's fresh pay-per-view post, which `customVisible` bought: only the author and
    // that buyer (when her visibility lets them see her) may find it. `follower` subscribes to her (as earlier rows
    // may have done for others), and a subscription does not open a pay-per-view post.
    route: "GET /api/search",
    resources: SELF,
    byVisibility: true,
    request: async (input) => {
      const { world } = input;
      const alice = world.actors.user.id;
      const word = hiddenWord();
      const postId = await insertPost(world.harness.context.db, alice, {
        postType: "ppv",
        priceCents: 500,
        title: "Post",
        content: `${"Everybody sees this preview of the post. ".repeat(3)}and then ${word}`,
      });
      await insertUnlock(world.harness.context, world.actors.customVisible.id, postId, alice);
      const { clock, db } = world.harness.context;
      await db
        .insert(subscriptions)
        .values({
          subscriberId: world.actors.follower.id,
          creatorId: alice,
          priceCents: 500,
          currentPeriodStart: clock.now(),
          currentPeriodEnd: new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000),
        })
        .onConflictDoNothing();
      const mayFind = input.role === "user" || (input.role === "customVisible" && seesAliceContent(world, input.role));
      return { url: `/api/search?q=${word}&type=posts`, forbidden: mayFind ? [] : [postId] };
    },
    expect: allow,
  },
];
