import type { AppContext } from "../../src/app-context";
import { follows } from "../../src/db/schema/follows";

/** An accepted follow, written straight to the database. */
export async function insertFollow(context: AppContext, followerId: string, followingId: string): Promise<void> {
  await context.db.insert(follows).values({ followerId, followingId });
}
