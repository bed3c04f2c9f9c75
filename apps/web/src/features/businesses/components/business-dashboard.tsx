import type { BusinessView } from "@plaza/contracts/businesses";
import { BUSINESS_CATEGORY_LABELS, BUSINESS_TOASTS } from "@plaza/contracts/businesses.texts";
import { AlertTriangle, Clock, Settings, Star, Store, Ticket, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
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
import { AnalyticsCharts } from "./analytics-charts";
import { BusinessFormDialog, type BusinessFormValues } from "./business-form-dialog";
import { BusinessReviews, type RenderReviewActions } from "./business-reviews";
import { RecentCheckins } from "./checkin-list";
import { StarRating } from "./star-rating";
import { VisitCodePanel } from "./visit-code-panel";

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
  const [open, setOpen] = useState(false);
  const createBusiness = useCreateBusiness();
  function submit(values: BusinessFormValues) {
    const { latitude, longitude, ...fields } = values;
    createBusiness.mutate(
      { ...fields, ...(latitude !== null && longitude !== null ? { latitude, longitude } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          toast(BUSINESS_TOASTS.created);
        },
        onError: (error) => toastFailure(error, BUSINESS_TOASTS.createFailed),
      },
    );
  }
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardContent className="space-y-4 p-8">
        <Store aria-hidden className="mx-auto h-12 w-12 text-brand-600" />
        <h1 className="text-2xl font-bold">Create Your Business Profile</h1>
        <p className="text-gray-600">
          Set up your business so customers can discover you, check in and redeem coupons.
        </p>
        <Button onClick={() => setOpen(true)}>Create Business Profile</Button>
      </CardContent>
      <BusinessFormDialog
        open={open}
        onOpenChange={setOpen}
        business={null}
        title="Create Your Business Profile"
        submitLabel="Create Business"
        isPending={createBusiness.isPending}
        onSubmit={submit}
      />
    </Card>
  );
}

function InfoLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="text-sm">
      <span className="font-medium text-gray-700">{label}: </span>
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
  const [isConfirmingPublish, setIsConfirmingPublish] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const updateBusiness = useUpdateBusiness(business.id);

  function publish() {
    updateBusiness.mutate(
      { isPublished: true },
      {
        onSuccess: () => toast({ title: "Success", description: BUSINESS_TOASTS.published }),
        onError: (error) => toastFailure(error, BUSINESS_TOASTS.publishFailed),
      },
    );
  }

  function saveInfo(values: BusinessFormValues) {
    updateBusiness.mutate(values, {
      onSuccess: () => {
        setIsEditing(false);
        toast({ title: "Success", description: BUSINESS_TOASTS.updated });
      },
      onError: (error) => toastFailure(error, BUSINESS_TOASTS.updateFailed),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">Business Dashboard</h1>
          <p className="text-lg font-medium">{business.name}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">Business Profile</Badge>
            <Badge variant={business.isPublished ? "success" : "warning"}>
              {business.isPublished ? "Published" : "Draft"}
            </Badge>
            <Badge variant="secondary">{BUSINESS_CATEGORY_LABELS[business.category]}</Badge>
            <StarRating rating={business.averageRating} reviewCount={business.totalReviews} />
          </div>
        </div>
        <div className="flex gap-2">
          {!business.isPublished && couponCount >= 1 && (
            <Button onClick={() => setIsConfirmingPublish(true)} disabled={updateBusiness.isPending}>
              Publish Business
            </Button>
          )}
          <Button variant="outline" asChild>
            <Link href={paths.settings}>
              <Settings aria-hidden />
              Settings
            </Link>
          </Button>
        </div>
      </div>

      {!business.isPublished && (
        <div className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <p>{BUSINESS_TOASTS.unpublishedWarning}</p>
        </div>
      )}

      {business.hours === null && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="hours-prompt"
        >
          <Clock aria-hidden className="h-4 w-4 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{BUSINESS_TOASTS.hoursMissingTitle}</p>
            <p>{BUSINESS_TOASTS.hoursMissing}</p>
          </div>
          <Button size="sm" onClick={() => setIsEditing(true)}>
            {BUSINESS_TOASTS.hoursMissingAction}
          </Button>
        </div>
      )}

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard title="Total Check-ins" value={String(business.totalCheckIns)} icon={<Users aria-hidden />} />
        <StatCard title="Average Rating" value={business.averageRating.toFixed(1)} icon={<Star aria-hidden />} />
        <StatCard title="Total Reviews" value={String(business.totalReviews)} icon={<Star aria-hidden />} />
        <StatCard title="Active Coupons" value={String(activeCouponCount)} icon={<Ticket aria-hidden />} />
      </div>

      {/* A partnership notification links to #partners. */}
      <Tabs defaultValue={partnersTab && window.location.hash === "#partners" ? "partners" : "overview"}>
        {/* One line of tabs: five labels are wider than a phone, so the strip scrolls sideways (each tab at its own
            width) rather than wrapping "Analytics" onto a second row; wider screens spread them out. */}
        <TabsList className="w-full flex-nowrap">
          <TabsTrigger className={DASHBOARD_TAB} value="overview">
            Overview
          </TabsTrigger>
          <TabsTrigger className={DASHBOARD_TAB} value="coupons">
            Coupons
          </TabsTrigger>
          {partnersTab && (
            <TabsTrigger className={DASHBOARD_TAB} value="partners">
              Partners
            </TabsTrigger>
          )}
          <TabsTrigger className={DASHBOARD_TAB} value="reviews">
            Reviews
          </TabsTrigger>
          <TabsTrigger className={DASHBOARD_TAB} value="analytics">
            Analytics
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="space-y-4">
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader className="flex flex-row items-center justify-between pb-2">
                <CardTitle className="text-base">Business Information</CardTitle>
                <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
                  Edit Business Info
                </Button>
              </CardHeader>
              <CardContent className="space-y-1.5">
                <InfoLine label="Address">{business.address || "No address provided"}</InfoLine>
                {business.phone && <InfoLine label="Phone">{business.phone}</InfoLine>}
                {business.website && (
                  <InfoLine label="Website">
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
                <InfoLine label="Price range">{business.priceRange}</InfoLine>
                <InfoLine label="Location">
                  {business.latitude !== null && business.longitude !== null ? (
                    <PlaceName latitude={business.latitude} longitude={business.longitude} />
                  ) : (
                    "Not set — customers cannot check in until you add it"
                  )}
                </InfoLine>
                {business.description && <p className="pt-1 text-sm text-gray-700">{business.description}</p>}
              </CardContent>
            </Card>
            <VisitCodePanel businessId={business.id} />
          </div>
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">Recent Check-ins</CardTitle>
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
        title="Publish Business Profile"
        description="Your business and its coupons become visible to every user. Customers can then check in and redeem."
        confirmLabel="Publish"
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
          title="Edit Business Info"
          submitLabel="Save Changes"
          isPending={updateBusiness.isPending}
          onSubmit={saveInfo}
        />
      )}
    </div>
  );
}
