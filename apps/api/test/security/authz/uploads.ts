import { cookieOfRole, testImage, uploadedObject, uploadTicket } from "../world";
import { allow, ID, type MatrixRow, NONE_ID, SELF } from "./common";

/** Matrix rows: uploads. */
export const UPLOADS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/objects/upload",
    resources: SELF,
    request: () => ({ url: "/api/objects/upload" }),
    expect: allow,
  },
  {
    route: "PUT /api/uploads/:uploadId",
    resources: ID,
    request: async (input) => {
      const cookie = input.resource === "own" ? cookieOfRole(input.world, input.role) : input.world.actors.user.cookie;
      if (!cookie || input.role === "suspended" || input.role === "pending") {
        if (input.resource === "own") return null;
      }
      const ticket =
        input.resource === "none"
          ? { uploadURL: `/api/uploads/${NONE_ID}?token=abc` }
          : await uploadTicket(input.world, cookie ?? input.world.actors.user.cookie);
      return { url: ticket.uploadURL, payload: await testImage(), headers: { "content-type": "image/png" } };
    },
    expect: (input) =>
      input.resource === "own" ? "allow" : input.role === "user" && input.resource === "other" ? "allow" : "deny",
  },
  {
    route: "GET /uploads/:file",
    resources: ["other", "none"],
    request: async (input) => ({
      url:
        input.resource === "other"
          ? await uploadedObject(input.world, input.world.actors.user.cookie)
          : `/uploads/${NONE_ID}.webp`,
    }),
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
];
