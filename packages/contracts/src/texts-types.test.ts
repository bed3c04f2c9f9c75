import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { BlockType, blockType } from "./blocks";
import type { BusinessHours, businessHours, DayHours, dayHours } from "./business-hours";
import type { BusinessCategory, businessCategory } from "./businesses";
import type { DiscountType, discountType } from "./coupons";
import type { FederationSettingsView, federationSettingsView } from "./federation";
import type { PartnershipStatus, partnershipStatus } from "./partnerships";
import type { PaymentMethod, PaymentStartedView, paymentMethod, paymentStartedView } from "./payments";
import type { PostType, postType } from "./posts";
import type { SearchType, searchType } from "./search";
import type { MessagePrivacy, messagePrivacy, Preferences, ProfileType, preferences, profileType } from "./users";

// The .texts modules declare their types without zod (the web's first screen imports them, and they import nothing
// back from the schemas: no import circles). The schemas must still parse to exactly those types; tsc checks these.
describe("types declared in the .texts modules", () => {
  it("equal what the schemas parse to", () => {
    expectTypeOf<z.infer<typeof blockType>>().toEqualTypeOf<BlockType>();
    expectTypeOf<z.infer<typeof dayHours>>().toEqualTypeOf<DayHours>();
    expectTypeOf<z.infer<typeof businessHours>>().toEqualTypeOf<BusinessHours>();
    expectTypeOf<z.infer<typeof businessCategory>>().toEqualTypeOf<BusinessCategory>();
    expectTypeOf<z.infer<typeof discountType>>().toEqualTypeOf<DiscountType>();
    expectTypeOf<z.infer<typeof federationSettingsView>>().toEqualTypeOf<FederationSettingsView>();
    expectTypeOf<z.infer<typeof partnershipStatus>>().toEqualTypeOf<PartnershipStatus>();
    expectTypeOf<z.infer<typeof paymentMethod>>().toEqualTypeOf<PaymentMethod>();
    expectTypeOf<z.infer<typeof paymentStartedView>>().toEqualTypeOf<PaymentStartedView>();
    expectTypeOf<z.infer<typeof postType>>().toEqualTypeOf<PostType>();
    expectTypeOf<z.infer<typeof searchType>>().toEqualTypeOf<SearchType>();
    expectTypeOf<z.infer<typeof profileType>>().toEqualTypeOf<ProfileType>();
    expectTypeOf<z.infer<typeof messagePrivacy>>().toEqualTypeOf<MessagePrivacy>();
    expectTypeOf<z.infer<typeof preferences>>().toEqualTypeOf<Preferences>();
  });
});
