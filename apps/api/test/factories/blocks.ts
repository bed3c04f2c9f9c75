import type { AppContext } from "../../src/app-context";
import { blocks } from "../../src/db/schema/blocks";

/** A block of `blockedId` by `blockerId`, written straight to the database. */
export async function insertBlock(context: AppContext, blockerId: string, blockedId: string): Promise<void> {
  await context.db.insert(blocks).values({ blockerId, blockedId });
}
