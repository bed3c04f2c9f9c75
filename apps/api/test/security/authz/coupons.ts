import {
  allow,
  businessId,
  businessOwnerOnly,
  couponId,
  freshCoupon,
  ID,
  type MatrixRow,
  NONE_ID,
  SELF,
} from "./common";

/** Matrix rows: coupons. */
export const COUPONS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/coupons",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id
        ? {
            url: "/api/coupons",
            payload: { businessId: id, title: "Matrix", discountType: "freeItem", discountValue: 0 },
          }
        : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "PATCH /api/coupons/:id",
    resources: ID,
    request: (input) => {
      const id = couponId(input);
      return id ? { url: `/api/coupons/${id}`, payload: { title: "Renamed by the matrix" } } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "DELETE /api/coupons/:id",
    resources: ID,
    request: async (input) => {
      const business = businessId(input);
      if (!business) return null;
      const id = input.resource === "none" ? NONE_ID : await freshCoupon(input, business);
      return id ? { url: `/api/coupons/${id}` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "GET /api/businesses/:id/coupons",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/coupons` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  { route: "GET /api/coupons/active", resources: SELF, request: () => ({ url: "/api/coupons/active" }), expect: allow },
  {
    route: "POST /api/coupons/:id/redeem",
    resources: ID,
    request: (input) => {
      const id = couponId(input);
      return id ? { url: `/api/coupons/${id}/redeem` } : null;
    },
    // Redeeming needs a verified check-in in the last 24 h: the check-in rows above made some; never one's own.
    expect: (input) => (input.resource === "other" ? "any" : "refuse"),
  },
  {
    route: "GET /api/coupons/redemptions/mine",
    resources: SELF,
    request: () => ({ url: "/api/coupons/redemptions/mine" }),
    expect: allow,
  },
  {
    route: "GET /api/coupons/:id/redemptions",
    resources: ID,
    request: (input) => {
      const id = couponId(input);
      return id ? { url: `/api/coupons/${id}/redemptions` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "GET /api/coupons/:id/redemption-weeks",
    resources: ID,
    request: (input) => {
      const id = couponId(input);
      return id ? { url: `/api/coupons/${id}/redemption-weeks` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "POST /api/coupon-redemptions/mark-used",
    resources: ["none"],
    request: () => ({ url: "/api/coupon-redemptions/mark-used", payload: { code: "NOSUCHCODE" } }),
    expect: () => "refuse",
  },
];
