import { couponStatus } from "@plaza/contracts/coupons.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { useEffect } from "react";
import { defineMessages, useIntl } from "react-intl";
import { PageSkeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { useBusinessOfUser } from "@/features/businesses/api/get-business-of-user";
import { BusinessDashboard, CreateBusinessPrompt } from "@/features/businesses/components/business-dashboard";
import { useBusinessCoupons } from "@/features/coupons/api/get-business-coupons";
import { CouponManager } from "@/features/coupons/components/coupon-manager";
import { usePartnerships } from "@/features/partnerships/api/partnerships";
import { PartnersTab } from "@/features/partnerships/components/partners-tab";
import { ReportButton } from "@/features/reports/components/report-button";
import { goToLoginSoon } from "@/lib/navigation";

const messages = defineMessages({
  unauthorizedTitle: { id: "shell.business-dashboard.unauthorized-title", defaultMessage: "Unauthorized" },
  unauthorizedText: {
    id: "shell.business-dashboard.unauthorized-text",
    defaultMessage: "You are logged out. Logging in again...",
  },
  loading: { id: "shell.business-dashboard.loading", defaultMessage: "Loading dashboard..." },
  failed: { id: "shell.business-dashboard.failed", defaultMessage: "Could not load your business." },
});

/** /business-dashboard (docs/PRODUCT.md §2): the business feature's dashboard with the coupons feature's tab. */
export default function BusinessDashboardRoute() {
  const intl = useIntl();
  const { user, isLoading: isUserLoading } = useAuth();
  const business = useBusinessOfUser(user?.id);
  const coupons = useBusinessCoupons(business.data?.id);
  const partnerships = usePartnerships(Boolean(business.data));

  useEffect(() => {
    if (!isUserLoading && !user) {
      toast({
        title: intl.formatMessage(messages.unauthorizedTitle),
        description: intl.formatMessage(messages.unauthorizedText),
        variant: "destructive",
      });
      goToLoginSoon();
    }
  }, [isUserLoading, user, intl]);

  if (isUserLoading || !user || business.isLoading) {
    return <PageSkeleton label={intl.formatMessage(messages.loading)} statCount={4} />;
  }
  if (business.isError) return <p className="text-red-600">{intl.formatMessage(messages.failed)}</p>;
  if (!business.data) return <CreateBusinessPrompt />;
  const couponList = coupons.data ?? [];
  const businessId = business.data.id;
  const partners = (partnerships.data ?? [])
    .filter((item) => item.businessId === businessId && item.status === "accepted")
    .map((item) => ({ id: item.creatorId, name: displayName(item.creator) }));
  return (
    <BusinessDashboard
      business={business.data}
      couponCount={couponList.length}
      activeCouponCount={couponList.filter((coupon) => couponStatus(coupon) === "active").length}
      couponsTab={<CouponManager businessId={businessId} coupons={couponList} partners={partners} />}
      partnersTab={<PartnersTab businessId={businessId} />}
      renderReviewActions={(review) => <ReportButton targetType="review" targetId={review.id} />}
    />
  );
}
