import type { UserRow } from "../../db/schema/users";

/**
 * Who is asking, as the session resolved them (`request.viewer`): the whole user row. It lives in the users module,
 * the lowest that every module asking "who is this?" may import (auth reads it from the session, users and the
 * modules above take it in their services).
 */
export type SessionUser = UserRow;

/** Who is asking, as the visibility rules need them (null when signed out, at the call sites). */
export interface Viewer {
  id: string;
  isSuperuser: boolean;
}
