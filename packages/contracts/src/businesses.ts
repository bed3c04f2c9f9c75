import { z } from "zod";
import { RATING_MAX, RATING_MIN } from "./constants";
import { latitude, longitude } from "./location";

export const BUSINESS_CATEGORIES = [
  "restaurant",
  "cafe",
  "retail",
  "fitness",
  "beauty",
  "entertainment",
  "services",
] as const;
export const businessCategory = z.enum(BUSINESS_CATEGORIES, "Please choose a category");
export type BusinessCategory = z.infer<typeof businessCategory>;
export const BUSINESS_CATEGORY_LABELS: Record<BusinessCategory, string> = {
  restaurant: "Restaurant",
  cafe: "Cafe",
  retail: "Retail",
  fitness: "Fitness",
  beauty: "Beauty & Wellness",
  entertainment: "Entertainment",
  services: "Services",
};

export const PRICE_RANGES = ["$", "$$", "$$$", "$$$$"] as const;
export const priceRange = z.enum(PRICE_RANGES);
export const PRICE_RANGE_LABELS: Record<(typeof PRICE_RANGES)[number], string> = {
  $: "Budget friendly",
  $$: "Moderate",
  $$$: "Expensive",
  $$$$: "Very expensive",
};

const optionalText = (max: number) => z.string().trim().max(max).optional().default("");

/** POST /api/businesses (seed-spec §5 "Business and coupon forms"). */
export const createBusinessBody = z.object({
  name: z.string("Business name is required").trim().min(1, "Business name is required").max(120),
  category: businessCategory,
  description: optionalText(2000),
  address: optionalText(300),
  phone: optionalText(40),
  website: z
    .string()
    .trim()
    .max(300)
    .refine((value) => value === "" || /^https?:\/\/\S+$/i.test(value), "Website must start with http:// or https://")
    .optional()
    .default(""),
  priceRange: priceRange.default("$"),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});
export type CreateBusinessBody = z.infer<typeof createBusinessBody>;

export const rating = z
  .number()
  .int()
  .min(RATING_MIN, "Rating must be 1 to 5")
  .max(RATING_MAX, "Rating must be 1 to 5");
