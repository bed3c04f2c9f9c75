import { z } from "zod";
import { platformByKey, SOCIAL_PLATFORMS, socialLinkError } from "./social-links.texts";

export * from "./social-links.texts";

/**
 * PUT /api/users/{id}/social-links: blank entries are dropped; each link must be of a known platform and match its
 * pattern (SOCIAL_PLATFORMS, the table the editor checks with too): an http(s) address there, or a WeChat id.
 */
export const socialLinksBody = z.object({
  socialLinks: z
    .record(z.string().regex(/^[a-z]{2,20}$/, "Unknown platform"), z.string().max(300, "Link is too long"))
    .transform((links) =>
      Object.fromEntries(
        Object.entries(links)
          .map(([key, url]) => [key, url.trim()] as const)
          .filter(([, url]) => url !== ""),
      ),
    )
    .superRefine((links, context) => {
      if (Object.keys(links).length > SOCIAL_PLATFORMS.length) {
        context.addIssue({ code: "custom", message: "Too many links" });
      }
      for (const [key, url] of Object.entries(links)) {
        // A brand's icon on a link to another site is a phishing lure: each link must match its platform's pattern.
        if (!platformByKey.has(key)) {
          context.addIssue({ code: "custom", path: [key], message: "Unknown platform" });
        } else if (key !== "wechat" && !/^https?:\/\//i.test(url)) {
          context.addIssue({ code: "custom", path: [key], message: "Links must start with http:// or https://" });
        } else {
          const message = socialLinkError(key, url);
          if (message) context.addIssue({ code: "custom", path: [key], message });
        }
      }
    }),
});
