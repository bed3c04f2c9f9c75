import type { BusinessView } from "@plaza/contracts/businesses";
import { AlertTriangle, Clock, Settings, Star, Store, Ticket, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { PlaceName } from "@/lib/place-name";
import { useCreateBusiness } from "../api/create-business";
import { useUpdateBusiness } from "../api/update-business";
import { CATEGORY_MESSAGES, TOAST_MESSAGES } from "../lib/business-texts";
import { AnalyticsCharts } from "./analytics-charts";
import { BusinessFormDialog, type BusinessFormValues } from "./business-form-dialog";
import { BusinessReviews, type RenderReviewActions } from "./business-reviews";
import { RecentCheckins } from "./checkin-list";
import { formatRating, StarRating } from "./star-rating";
import { VisitCodePanel } from "./visit-code-panel";

const phrases = defineMessages<{
  infoLabel: { label: string | number };
}>({
  infoLabel: { id: "businesses.dashboard.infoLabel", defaultMessage: "{label}: " },
});
const messages = defineMessages({
  createTitle: { id: "businesses.create.title", defaultMessage: "Create Your Business Profile" },
  createText: {
    id: "businesses.create.text",
    defaultMessage: "Set up your business so customers can discover you, check in and redeem coupons.",
  },
  createButton: { id: "businesses.create.button", defaultMessage: "Create Business Profile" },
  createSubmit: { id: "businesses.create.submit", defaultMessage: "Create Business" },
  title: { id: "businesses.dashboard.title", defaultMessage: "Business Dashboard" },
  businessProfile: { id: "businesses.dashboard.businessProfile", defaultMessage: "Business Profile" },
  published: { id: "businesses.dashboard.published", defaultMessage: "Published" },
  draft: { id: "businesses.dashboard.draft", defaultMessage: "Draft" },
  publishBusiness: { id: "businesses.dashboard.publishBusiness", defaultMessage: "Publish Business" },
  settings: { id: "businesses.dashboard.settings", defaultMessage: "Settings" },
  totalCheckIns: { id: "businesses.dashboard.totalCheckIns", defaultMessage: "Total Check-ins" },
  averageRating: { id: "businesses.dashboard.averageRating", defaultMessage: "Average Rating" },
  totalReviews: { id: "businesses.dashboard.totalReviews", defaultMessage: "Total Reviews" },
  activeCoupons: { id: "businesses.dashboard.activeCoupons", defaultMessage: "Active Coupons" },
  overview: { id: "businesses.dashboard.tabOverview", defaultMessage: "Overview" },
  coupons: { id: "businesses.dashboard.tabCoupons", defaultMessage: "Coupons" },
  partners: { id: "businesses.dashboard.tabPartners", defaultMessage: "Partners" },
  reviews: { id: "businesses.dashboard.tabReviews", defaultMessage: "Reviews" },
  analytics: { id: "businesses.dashboard.tabAnalytics", defaultMessage: "Analytics" },
  businessInformation: { id: "businesses.dashboard.businessInformation", defaultMessage: "Business Information" },
  editInfo: { id: "businesses.dashboard.editInfo", defaultMessage: "Edit Business Info" },
  address: { id: "businesses.dashboard.address", defaultMessage: "Address" },
  noAddress: { id: "businesses.dashboard.noAddress", defaultMessage: "No address provided" },
  phone: { id: "businesses.dashboard.phone", defaultMessage: "Phone" },
  website: { id: "businesses.dashboard.website", defaultMessage: "Website" },
  priceRange: { id: "businesses.dashboard.priceRange", defaultMessage: "Price range" },
  location: { id: "businesses.dashboard.location", defaultMessage: "Location" },
  noLocation: {
    id: "businesses.dashboard.noLocation",
    defaultMessage: "Not set — customers cannot check in until you add it",
  },
  recentCheckIns: { id: "businesses.dashboard.recentCheckIns", defaultMessage: "Recent Check-ins" },
  publishTitle: { id: "businesses.dashboard.publishTitle", defaultMessage: "Publish Business Profile" },
  publishText: {
    id: "businesses.dashboard.publishText",
    defaultMessage:
      "Your business and its coupons become visible to every user. Customers can then check in and redeem.",
  },
  publish: { id: "businesses.dashboard.publish", defaultMessage: "Publish" },
  saveChanges: { id: "businesses.dashboard.saveChanges", defaultMessage: "Save Changes" },
});

function StatCard({ title, value, icon }: { title: string; value: string; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-4">
        <div>
          <p className="text-sm text-gray-500">{title}</p>
          <p className="text-2xl font-bold">{value}</p>
        </div>
        <span className="text-brand-600">{icon}</span>
      </CardContent>
    </Card>
  );
}

/** A dashboard tab keeps its label's width (no shrinking under it) and grows when the strip has room. */
const DASHBOARD_TAB = "shrink-0 basis-auto";

/** 'Create Your Business Profile' with its dialog form (docs/PRODUCT.md §2). */

export function CreateBusinessPrompt() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const createBusiness = useCreateBusiness();
  function submit(values: BusinessFormValues) {
    const { latitude, longitude, ...fields } = values;
    createBusiness.mutate(
      { ...fields, ...(latitude !== null && longitude !== null ? { latitude, longitude } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: intl.formatMessage(TOAST_MESSAGES.success),
            description: intl.formatMessage(TOAST_MESSAGES.created),
          });
        },
        onError: (error) => toastFailure(error, intl.formatMessage(TOAST_MESSAGES.createFailed)),
      },
    );
  }
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardContent className="space-y-4 p-8">
        <Store aria-hidden className="mx-auto h-12 w-12 text-brand-600" />
        <h1 className="text-2xl font-bold">{intl.formatMessage(messages.createTitle)}</h1>
        <p className="text-gray-600">{intl.formatMessage(messages.createText)}</p>
        <Button onClick={() => setOpen(true)}>{intl.formatMessage(messages.createButton)}</Button>
      </CardContent>
      <BusinessFormDialog
        open={open}
        onOpenChange={setOpen}
        business={null}
        title={intl.formatMessage(messages.createTitle)}
        submitLabel={intl.formatMessage(messages.createSubmit)}
        isPending={createBusiness.isPending}
        onSubmit={submit}
      />
    </Card>
  );
}

function InfoLine({ label, children }: { label: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="text-sm">
      <span className="font-medium text-gray-700">{intl.formatMessage(phrases.infoLabel, { label })}</span>
      <span className="text-gray-600">{children}</span>
    </div>
  );
}

/**
 * The dashboard of a business (docs/PRODUCT.md §2): publish, badges, the unpublished warning, four stat cards and the
 * Overview / Coupons / Reviews / Analytics tabs. The coupons tab comes from the page (another feature).
 */
export function BusinessDashboard({
  business,
  couponCount,
  activeCouponCount,
  couponsTab,
  partnersTab,
  renderReviewActions,
}: {
  business: BusinessView;
  couponCount: number;
  activeCouponCount: number;
  couponsTab: ReactNode;
  /** The Partners tab (creator partnerships), composed in by the page. */
  partnersTab?: ReactNode;
  /** Actions per review (e.g. Report), supplied by the page. */
  renderReviewActions?: RenderReviewActions;
}) {
  const intl = useIntl();
  const [isConfirmingPublish, setIsConfirmingPublish] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const updateBusiness = useUpdateBusiness(business.id);

  function publish() {
    updateBusiness.mutate(
      { isPublished: true },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage(TOAST_MESSAGES.success),
            description: intl.formatMessage(TOAST_MESSAGES.published),
          }),
        onError: (error) => toastFailure(error, intl.formatMessage(TOAST_MESSAGES.publishFailed)),
      },
    );
  }

  function saveInfo(values: BusinessFormValues) {
    updateBusiness.mutate(values, {
      onSuccess: () => {
        setIsEditing(false);
        toast({
          title: intl.formatMessage(TOAST_MESSAGES.success),
          description: intl.formatMessage(TOAST_MESSAGES.updated),
        });
      },
      onError: (error) => toastFailure(error, intl.formatMessage(TOAST_MESSAGES.updateFailed)),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">{intl.formatMessage(messages.title)}</h1>
          <p className="text-lg font-medium">{business.name}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{intl.formatMessage(messages.businessProfile)}</Badge>
            <Badge variant={business.isPublished ? "success" : "warning"}>
              {intl.formatMessage(business.isPublished ? messages.published : messages.draft)}
            </Badge>
            <Badge variant="secondary">{intl.formatMessage(CATEGORY_MESSAGES[business.category])}</Badge>
            <StarRating rating={business.averageRating} reviewCount={business.totalReviews} />
          </div>
        </div>
        <div className="flex gap-2">
          {!business.isPublished && couponCount >= 1 && (
            <Button onClick={() => setIsConfirmingPublish(true)} disabled={updateBusiness.isPending}>
              {intl.formatMessage(messages.publishBusiness)}
            </Button>
          )}
          <Button variant="outline" asChild>
            <Link href={paths.settings}>
              <Settings aria-hidden />
              {intl.formatMessage(messages.settings)}
            </Link>
          </Button>
        </div>
      </div>

      {!business.isPublished && (
        <div className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <p>{intl.formatMessage(TOAST_MESSAGES.unpublishedWarning)}</p>
        </div>
      )}

      {business.hours === null && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="hours-prompt"
        >
          <Clock aria-hidden className="h-4 w-4 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{intl.formatMessage(TOAST_MESSAGES.hoursMissingTitle)}</p>
            <p>{intl.formatMessage(TOAST_MESSAGES.hoursMissing)}</p>
          </div>
          <Button size="sm" onClick={() => setIsEditing(true)}>
            {intl.formatMessage(TOAST_MESSAGES.hoursMissingAction)}
          </Button>
        </div>
      )}

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title={intl.formatMessage(messages.totalCheckIns)}
          value={intl.formatNumber(business.totalCheckIns)}
          icon={<Users aria-hidden />}
        />
        <StatCard
          title={intl.formatMessage(messages.averageRating)}
          value={formatRating(intl, business.averageRating)}
          icon={<Star aria-hidden />}
        />
        <StatCard
          title={intl.formatMessage(messages.totalReviews)}
          value={intl.formatNumber(business.totalReviews)}
          icon={<Star aria-hidden />}
        />
        <StatCard
          title={intl.formatMessage(messages.activeCoupons)}
          value={intl.formatNumber(activeCouponCount)}
          icon={<Ticket aria-hidden />}
        />
      </div>

      {/* A partnership notification links to #partners. */}
      <Tabs defaultValue={partnersTab && window.location.hash === "#partners" ? "partners" : "overview"}>
        {/* One line of tabs: five labels are wider than a phone, so the strip scrolls sideways (each tab at its own
            width) rather than wrapping "Analytics" onto a second row; wider screens spread them out. */}
        <TabsList className="w-full flex-nowrap">
          <TabsTrigger className={DASHBOARD_TAB} value="overview">
            {intl.formatMessage(messages.overview)}
          </TabsTrigger>
          <TabsTrigger className={DASHBOARD_TAB} value="coupons">
            {intl.formatMessage(messages.coupons)}
          </TabsTrigger>
          {partnersTab && (
            <TabsTrigger className={DASHBOARD_TAB} value="partners">
              {intl.formatMessage(messages.partners)}
            </TabsTrigger>
          )}
          <TabsTrigger className={DASHBOARD_TAB} value="reviews">
            {intl.formatMessage(messages.reviews)}
          </TabsTrigger>
          <TabsTrigger className={DASHBOARD_TAB} value="analytics">
            {intl.formatMessage(messages.analytics)}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="space-y-4">
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              {/* Wraps: "Editar información del negocio" beside its title is wider than a phone. */}
              <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-2">
                <CardTitle className="text-base">{intl.formatMessage(messages.businessInformation)}</CardTitle>
                <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
                  {intl.formatMessage(messages.editInfo)}
                </Button>
              </CardHeader>
              <CardContent className="space-y-1.5">
                <InfoLine label={intl.formatMessage(messages.address)}>
                  {business.address || intl.formatMessage(messages.noAddress)}
                </InfoLine>
                {business.phone && <InfoLine label={intl.formatMessage(messages.phone)}>{business.phone}</InfoLine>}
                {business.website && (
                  <InfoLine label={intl.formatMessage(messages.website)}>
                    <a
                      href={business.website}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-brand-600 hover:underline"
                    >
                      {business.website}
                    </a>
                  </InfoLine>
                )}
                <InfoLine label={intl.formatMessage(messages.priceRange)}>{business.priceRange}</InfoLine>
                <InfoLine label={intl.formatMessage(messages.location)}>
                  {business.latitude !== null && business.longitude !== null ? (
                    <PlaceName latitude={business.latitude} longitude={business.longitude} />
                  ) : (
                    intl.formatMessage(messages.noLocation)
                  )}
                </InfoLine>
                {business.description && (
                  <p dir="auto" className="pt-1 text-sm text-gray-700">
                    {business.description}
                  </p>
                )}
              </CardContent>
            </Card>
            <VisitCodePanel businessId={business.id} />
          </div>
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">{intl.formatMessage(messages.recentCheckIns)}</CardTitle>
            </CardHeader>
            <CardContent>
              <RecentCheckins businessId={business.id} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="coupons">{couponsTab}</TabsContent>
        {partnersTab && <TabsContent value="partners">{partnersTab}</TabsContent>}
        <TabsContent value="reviews">
          <BusinessReviews businessId={business.id} isOwner renderReviewActions={renderReviewActions} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsCharts businessId={business.id} />
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        isOpen={isConfirmingPublish}
        title={intl.formatMessage(messages.publishTitle)}
        description={intl.formatMessage(messages.publishText)}
        confirmLabel={intl.formatMessage(messages.publish)}
        confirmVariant="default"
        onConfirm={() => {
          setIsConfirmingPublish(false);
          publish();
        }}
        onCancel={() => setIsConfirmingPublish(false)}
      />
      {isEditing && (
        <BusinessFormDialog
          open
          onOpenChange={setIsEditing}
          business={business}
          title={intl.formatMessage(messages.editInfo)}
          submitLabel={intl.formatMessage(messages.saveChanges)}
          isPending={updateBusiness.isPending}
          onSubmit={saveInfo}
        />
      )}
    </div>
  );
}
