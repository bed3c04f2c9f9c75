import { publishAgreementBody, suspendUserBody } from "@plaza/contracts/admin";
import { checkInBody, createBusinessBody } from "@plaza/contracts/businesses";
import { createCouponBody } from "@plaza/contracts/coupons";
import { postLocation } from "@plaza/contracts/location";
import { sendMessageBody } from "@plaza/contracts/messaging";
import { tipBody } from "@plaza/contracts/payments";
import { createCommentBody, postAltText, postContent, postTags, postTitle } from "@plaza/contracts/posts";
import { reportReason, resolveReportBody } from "@plaza/contracts/reports";
import { socialLinksBody } from "@plaza/contracts/social-links";
import { profileFormBody } from "@plaza/contracts/users";

/**
 * The stored-XSS payloads of e2e/xss.e2e.ts and the free-text fields they are stored in: every payload calls
 * window.__xss(<its number>) if it ever runs; each field's values pack as many payloads as its rule accepts.
 */

const base64 = (text: string) => Buffer.from(text).toString("base64");

const PAYLOAD_TEMPLATES: ((n: number) => string)[] = [
  (n) => `<script>__xss(${n})</script>`,
  (n) => `<img src=x onerror=__xss(${n})>`,
  (n) => `<svg onload=__xss(${n})>`,
  (n) => `<svg/onload=__xss(${n})>`,
  (n) => `<svg><script>__xss(${n})</script></svg>`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror=__xss(${n})>`,
  (n) => `<iframe src="javascript:__xss(${n})"></iframe>`,
  (n) => `<a href="javascript:__xss(${n})">click me</a>`,
  (n) => `javascript:__xss(${n})`,
  (n) => `JaVaScRiPt:__xss(${n})`,
  (n) => `java\tscript:__xss(${n})`,
  (n) => ` javascript:__xss(${n})`,
  (n) => `data:text/html,<script>__xss(${n})</script>`,
  (n) => `data:text/html;base64,${base64(`<script>__xss(${n})</script>`)}`,
  (n) => `"><img src=x onerror=__xss(${n})>`,
  (n) => `'><svg onload=__xss(${n})>`,
  (n) => `" onmouseover="__xss(${n})" x="`,
  (n) => `' autofocus onfocus='__xss(${n})`,
  (n) => `</textarea><script>__xss(${n})</script>`,
  (n) => `</title><script>__xss(${n})</script>`,
  (n) => `<body onload=__xss(${n})>`,
  (n) => `<details open ontoggle=__xss(${n})>`,
  (n) => `<input autofocus onfocus=__xss(${n})>`,
  (n) => `<video><source onerror=__xss(${n})></video>`,
  (n) => `<object data="javascript:__xss(${n})"></object>`,
  (n) => `<embed src="javascript:__xss(${n})">`,
  (n) => `<form><button formaction=javascript:__xss(${n})>go</button></form>`,
  (n) => `{{constructor.constructor('__xss(${n})')()}}`,
  (n) => `\${__xss(${n})}`,
  (n) => `<%= __xss(${n}) %>`,
  (n) => `[click](javascript:__xss(${n}))`,
  (n) => `[x](data:text/html,<script>__xss(${n})</script>)`,
  (n) => `![img](x" onerror="__xss(${n}))`,
  (n) => `<a href="&#106;avascript:__xss(${n})">x</a>`,
  (n) => `&lt;img src=x onerror=__xss(${n})&gt;`,
  (n) => `\\u003cimg src=x onerror=__xss(${n})\\u003e`,
  (n) => `＜script＞__xss(${n})＜/script＞`,
  (n) => `<scr<script>ipt>__xss(${n})</scr</script>ipt>`,
  (n) => `<img src="x" onerror="&#95;_xss(${n})">`,
  (n) => `<div style="background:url(javascript:__xss(${n}))">x</div>`,
  (n) => `<a href="vbscript:__xss(${n})">x</a>`,
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:__xss(${n})">`,
  (n) => `<base href="javascript:__xss(${n})//">`,
  (n) => `<img src=x onerror=eval(atob('${base64(`__xss(${n})`)}'))>`,
  (n) => `<svg><a xlink:href="javascript:__xss(${n})"><text y=20>x</text></a></svg>`,
  (n) => `<noscript><p title="</noscript><img src=x onerror=__xss(${n})>">`,
  (n) => `<!--<img src="--><img src=x onerror=__xss(${n})//">`,
  (n) => `https://example.com/"onmouseover="__xss(${n})`,
  (n) => `https://example.com/?q=<script>__xss(${n})</script>`,
  (n) => `https://x.example/#"><img src=x onerror=__xss(${n})>`,
  (n) => `<img src=x oNeRrOr=__xss(${n})>`,
  (n) => `%3Cscript%3E__xss(${n})%3C/script%3E`,
  (n) => `\u202e<img src=x onerror=__xss(${n})>`,
  (n) => `\u2028</script><script>__xss(${n})</script>`,
  (n) => `<marquee onstart=__xss(${n})>`,
  (n) => `<a href="data:text/html,<script>__xss(${n})</script>">x</a>`,
];
export const PAYLOADS = PAYLOAD_TEMPLATES.map((template, index) => template(index + 1));

/** How many payloads each field stored and refused, and in how many records. */
export interface FieldTally {
  accepted: number;
  rejected: number;
  records: number;
}
export const tally = new Map<string, FieldTally>();

/**
 * Packs the payloads a field accepts into as few values as the field's rule allows (greedy, joined by a space);
 * payloads the rule refuses on their own are counted as rejected.
 */
function pack(field: string, isValid: (value: string) => boolean, separator = " "): string[] {
  const chunks: string[] = [];
  let current: string | null = null;
  let accepted = 0;
  let rejected = 0;
  for (const payload of PAYLOADS) {
    if (!isValid(payload)) {
      rejected += 1;
      continue;
    }
    accepted += 1;
    const joined: string | null = current === null ? payload : `${current}${separator}${payload}`;
    if (current !== null && isValid(joined)) {
      current = joined;
    } else {
      if (current !== null) chunks.push(current);
      current = payload;
    }
  }
  if (current !== null) chunks.push(current);
  tally.set(field, { accepted, rejected, records: chunks.length });
  return chunks;
}

/** Payloads accepted one per value (a list of tags, a map of links), grouped `perRecord` at a time. */
function groupSingles(field: string, isValid: (value: string) => boolean, perRecord: number): string[][] {
  const accepted = PAYLOADS.filter(isValid);
  const groups: string[][] = [];
  for (let index = 0; index < accepted.length; index += perRecord)
    groups.push(accepted.slice(index, index + perRecord));
  tally.set(field, { accepted: accepted.length, rejected: PAYLOADS.length - accepted.length, records: groups.length });
  return groups;
}

const valid = (schema: { safeParse: (value: unknown) => { success: boolean } }) => (value: string) =>
  schema.safeParse(value).success;

const profile = profileFormBody.shape;
const business = createBusinessBody.shape;
const coupon = createCouponBody.shape;
export const SHOP = { latitude: 41.1496, longitude: -8.611 };

export const FIELDS = {
  firstName: pack("user.firstName", valid(profile.firstName)),
  lastName: pack("user.lastName", valid(profile.lastName)),
  bio: pack("user.bio", valid(profile.bio)),
  userCity: pack("user.city", valid(profile.city)),
  userState: pack("user.state", valid(profile.state)),
  userCountry: pack("user.country", valid(profile.country)),
  businessName: pack("business.name", valid(business.name)),
  businessDescription: pack("business.description", valid(business.description)),
  businessAddress: pack("business.address", valid(business.address)),
  businessPhone: pack("business.phone", valid(business.phone)),
  businessWebsite: pack("business.website", valid(business.website)),
  couponTitle: pack("coupon.title", valid(coupon.title)),
  couponDescription: pack("coupon.description", valid(coupon.description)),
  couponCode: pack("coupon.code", valid(coupon.code)),
  postTitle: pack("post.title", valid(postTitle)),
  postContent: pack("post.content", valid(postContent)),
  postAltText: pack("post.altText", valid(postAltText)),
  postCity: pack("post.location.city", valid(postLocation.shape.city)),
  postState: pack("post.location.state", valid(postLocation.shape.state)),
  postCountry: pack("post.location.country", valid(postLocation.shape.country)),
  postTags: groupSingles("post.tags", (value) => postTags.safeParse([value]).success, 10),
  socialLinks: groupSingles(
    "user.socialLinks (URL platforms)",
    (value) => socialLinksBody.safeParse({ socialLinks: { github: value } }).success,
    20,
  ),
  wechat: pack(
    "user.socialLinks.wechat",
    (value) => socialLinksBody.safeParse({ socialLinks: { wechat: value } }).success,
  ),
  comment: pack("comment.content", valid(createCommentBody.shape.content)),
  review: pack(
    "checkIn.review",
    (value) => checkInBody.safeParse({ ...SHOP, visitCode: "123456", rating: 3, review: value }).success,
  ),
  message: pack("message.content", valid(sendMessageBody.shape.content)),
  tipMessage: pack("tip.message", valid(tipBody.shape.message)),
  reportReason: pack("report.reason", valid(reportReason)),
  resolveReason: pack("report.resolution reason", valid(resolveReportBody.shape.reason)),
  suspendReason: pack("suspension.reason", (value) => suspendUserBody.safeParse({ reason: value }).success),
  agreementTitle: pack("agreement.title", valid(publishAgreementBody.shape.title)),
  agreementVersion: pack("agreement.version", valid(publishAgreementBody.shape.version)),
  agreementContent: pack("agreement.content", valid(publishAgreementBody.shape.content), "\n\n"),
};
/** Fields no payload can pass: sent once each to prove the server refuses them too. */
export const REFUSING_FIELDS = ["user.username", "user.countryCode"] as const;

/** One attacker per record of the widest per-person field (names, business, coupon and post fields). */
export const ATTACKER_COUNT = Math.max(
  FIELDS.firstName.length,
  FIELDS.lastName.length,
  FIELDS.bio.length,
  FIELDS.userCity.length,
  FIELDS.userState.length,
  FIELDS.userCountry.length,
  FIELDS.businessName.length,
  FIELDS.businessDescription.length,
  FIELDS.businessAddress.length,
  FIELDS.businessPhone.length,
  FIELDS.businessWebsite.length,
  FIELDS.couponTitle.length,
  FIELDS.couponDescription.length,
  FIELDS.couponCode.length,
  FIELDS.postTitle.length,
  FIELDS.postContent.length,
  FIELDS.postAltText.length,
  FIELDS.postCity.length,
  FIELDS.postTags.length,
  FIELDS.socialLinks.length,
  FIELDS.wechat.length,
  FIELDS.review.length + 1,
  FIELDS.suspendReason.length + 1,
  FIELDS.reportReason.length,
);

export const pick = (chunks: string[], index: number, fallback: string) => chunks[index] ?? fallback;
