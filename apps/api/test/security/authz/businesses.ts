import { visitCodeOf } from "../world";
import { allow, businessId, businessOwnerOnly, freshReview, ID, isBiz, type MatrixRow, NONE_ID, SELF } from "./common";

/** Matrix rows: businesses. */
export const BUSINESSES_ROWS: MatrixRow[] = [
  {
    route: "POST /api/businesses",
    resources: SELF,
    request: () => ({
      url: "/api/businesses",
      payload: { name: "Another cafe", category: "cafe", latitude: 1, longitude: 1 },
    }),
    // One business per business account; other profile types have none.
    expect: () => "refuse",
  },
  { route: "GET /api/businesses", resources: SELF, request: () => ({ url: "/api/businesses" }), expect: allow },
  {
    route: "GET /api/businesses/:id",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  {
    route: "PATCH /api/businesses/:id",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}`, payload: { description: "Changed by the matrix" } } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "GET /api/users/:userId/business",
    resources: ID,
    request: (input) => {
      const id =
        input.resource === "none" ? NONE_ID : input.resource === "own" ? input.me : input.world.actors.bizOther.id;
      return id ? { url: `/api/users/${id}/business` } : null;
    },
    expect: (input) => (input.resource === "none" || (input.resource === "own" && !isBiz(input.role)) ? 404 : "allow"),
  },
  {
    route: "GET /api/businesses/:id/visit-code",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/visit-code` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "POST /api/businesses/:id/checkins",
    resources: ID,
    request: async (input) => {
      const id = businessId(input);
      if (!id) return null;
      const codeOwner = id === input.world.businesses.bizOwner?.id ? "bizOwner" : "bizOther";
      const visitCode = input.resource === "none" ? "123456" : await visitCodeOf(input.world, codeOwner);
      return { url: `/api/businesses/${id}/checkins`, payload: { latitude: 48.8584, longitude: 2.2945, visitCode } };
    },
    expect: (input) => (input.resource === "none" ? 404 : "any"),
  },
  {
    route: "GET /api/businesses/:id/visit",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/visit` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  {
    // Without a verified visit 403, with one (the check-in row may have made it) 201, on one's own business 403.
    route: "POST /api/businesses/:id/reviews",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/reviews`, payload: { rating: 4 } } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "any"),
  },
  {
    route: "GET /api/businesses/:id/checkins",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/checkins` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  {
    route: "GET /api/businesses/:id/reviews",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/reviews` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  {
    route: "GET /api/businesses/:id/photos",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/photos` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  ...(["PUT", "DELETE"] as const).map(
    (method): MatrixRow => ({
      route: `${method} /api/reviews/:id/reply`,
      resources: ID,
      request: async (input) => {
        const id = businessId(input);
        if (!id) return null;
        const review = input.resource === "none" ? NONE_ID : await freshReview(input, id);
        return { url: `/api/reviews/${review}/reply`, ...(method === "PUT" ? { payload: { text: "Thanks!" } } : {}) };
      },
      // Only the business's owner answers its reviews; a review without a reply has none to delete (404).
      expect: (input) =>
        input.resource === "own" ? (method === "PUT" ? "allow" : 404) : input.resource === "none" ? 404 : "deny",
    }),
  ),
  {
    route: "GET /api/businesses/:id/analytics",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/analytics` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "GET /api/friend-activity",
    resources: SELF,
    request: () => ({ url: "/api/friend-activity" }),
    expect: allow,
  },
];
