import { type CouponView, type MarkUsedBody, markUsedBody } from "@plaza/contracts/coupons";
import { displayName } from "@plaza/contracts/users.texts";
import { Pencil, Plus, Ticket, Trash2 } from "lucide-react";
import { useState } from "react";
import { type IntlShape, useIntl } from "react-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useCreateCoupon } from "../api/create-coupon";
import { useDeleteCoupon } from "../api/delete-coupon";
import { useCouponRedemptionWeeks } from "../api/get-coupon-redemption-weeks";
import { useCouponRedemptions } from "../api/get-coupon-redemptions";
import { useMarkRedemptionUsed } from "../api/mark-redemption-used";
import { useUpdateCoupon } from "../api/update-coupon";
import { CouponFormDialog, type PerkPartnerOption } from "./coupon-form-dialog";
import { discountLabel, formatExpiry, perkLabel } from "./coupon-labels";
import { messages } from "./coupon-manager.messages";

/** "Week of Dec 7, 2026" for a week's Monday (YYYY-MM-DD, UTC). */
function weekText(intl: IntlShape, weekStart: string): string {
  const date = new Date(`${weekStart}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return weekStart;
  return intl.formatMessage(messages.weekOf, {
    date: intl.formatDate(date, { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }),
  });
}

/**
 * A perk's redemptions: counts per completed week, a week under 5 as "fewer than 5", never a list of codes or times
 * the owner could match with the named check-ins (docs/decisions/0006-check-ins-coupons-perks.md).
 */
function PerkRedemptionWeeks({ couponId }: { couponId: string }) {
  const intl = useIntl();
  const { data, isLoading } = useCouponRedemptionWeeks(couponId, true);
  if (isLoading || !data) {
    return <SkeletonList label={intl.formatMessage(messages.loadingRedemptions)} count={2} itemClassName="h-8" />;
  }
  return (
    <div className="space-y-1 text-sm" data-testid="perk-redemption-weeks">
      <p className="font-medium">{intl.formatMessage(messages.perkReportTitle)}</p>
      <p className="text-xs text-gray-500">{intl.formatMessage(messages.perkReportHint)}</p>
      <ul className="divide-y">
        {data.map((week) => (
          <li key={week.weekStart} className="flex items-center justify-between gap-2 py-1.5">
            <time dateTime={week.weekStart}>{weekText(intl, week.weekStart)}</time>
            <span className={week.redemptions === null ? "text-gray-500" : "font-medium"}>
              {week.redemptions ?? intl.formatMessage(messages.fewerThan5)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RedemptionList({ couponId }: { couponId: string }) {
  const intl = useIntl();
  const { data, isLoading } = useCouponRedemptions(couponId, true);
  const markUsed = useMarkRedemptionUsed();
  if (isLoading) {
    return <SkeletonList label={intl.formatMessage(messages.loadingRedemptions)} count={2} itemClassName="h-8" />;
  }
  if (!data || data.length === 0) {
    return <p className="text-sm text-gray-500">{intl.formatMessage(messages.noRedemptions)}</p>;
  }
  return (
    <ul className="divide-y text-sm">
      {data.map((redemption) => (
        <li key={redemption.id} className="flex items-center justify-between gap-2 py-1.5">
          <span>
            <code className="font-mono">{redemption.code}</code>{" "}
            <span className="text-gray-500">
              {redemption.user ? `${displayName(redemption.user)} · ` : ""}
              <RelativeTime value={redemption.redeemedAt} />
            </span>
          </span>
          {redemption.usedAt ? (
            <Badge variant="secondary">{intl.formatMessage(messages.used)}</Badge>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={markUsed.isPending}
              onClick={() =>
                markUsed.mutate(redemption.code, {
                  onSuccess: () =>
                    toast({
                      title: intl.formatMessage(messages.success),
                      description: intl.formatMessage(messages.markedUsed),
                    }),
                  onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)),
                })
              }
            >
              {intl.formatMessage(messages.markUsed)}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function CouponRow({ coupon, onEdit }: { coupon: CouponView; onEdit: () => void }) {
  const intl = useIntl();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isShowingRedemptions, setIsShowingRedemptions] = useState(false);
  const deleteCoupon = useDeleteCoupon();
  const updateCoupon = useUpdateCoupon();
  function toggleActive() {
    updateCoupon.mutate(
      { couponId: coupon.id, body: { isActive: !coupon.isActive } },
      {
        onSuccess: () =>
          toast({ title: intl.formatMessage(messages.success), description: intl.formatMessage(messages.updated) }),
        onError: (error) => toastFailure(error, intl.formatMessage(messages.updateFailed)),
      },
    );
  }
  return (
    <Card data-testid="dashboard-coupon">
      <CardContent className="space-y-1 p-4">
        {/* On a phone the actions (about 200 px with 44 px targets) take their own line under a long title: the row
            wraps rather than pushing them past the screen's edge. */}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-1 basis-40 flex-wrap items-center gap-2">
            <p className="min-w-0 break-words font-semibold">{coupon.title}</p>
            <Badge variant={coupon.isActive ? "success" : "secondary"}>
              {intl.formatMessage(coupon.isActive ? messages.active : messages.inactive)}
            </Badge>
          </div>
          <div className="ms-auto flex shrink-0 items-center gap-1">
            <Button variant="outline" size="sm" onClick={toggleActive} disabled={updateCoupon.isPending}>
              {intl.formatMessage(coupon.isActive ? messages.deactivate : messages.activate)}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={intl.formatMessage(messages.edit, { title: coupon.title })}
              onClick={onEdit}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={intl.formatMessage(messages.delete, { title: coupon.title })}
              onClick={() => setIsConfirmingDelete(true)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
        {coupon.description && <p className="text-sm text-gray-600">{coupon.description}</p>}
        <p className="text-sm font-medium text-brand-700">{discountLabel(intl, coupon)}</p>
        {coupon.partnerCreatorName && (
          <p className="text-sm text-gray-600">{perkLabel(intl, coupon.partnerCreatorName)}</p>
        )}
        <p className="text-sm">
          {intl.formatMessage(messages.code, {
            code: () => (
              <code key="code" className="font-mono">
                {coupon.code}
              </code>
            ),
          })}
        </p>
        <p className="text-sm text-gray-600">
          {intl.formatMessage(coupon.partnerCreatorId ? messages.redeemedCountedWeeks : messages.redeemedCount, {
            current: coupon.currentRedemptions,
            max: coupon.maxRedemptions === null ? "∞" : String(coupon.maxRedemptions),
          })}
        </p>
        <p className="text-xs text-gray-500">{formatExpiry(intl, coupon.expiresAt)}</p>
        <Button
          variant="link"
          size="sm"
          className="px-0 md:h-auto"
          onClick={() => setIsShowingRedemptions((shown) => !shown)}
        >
          {intl.formatMessage(isShowingRedemptions ? messages.hideRedemptions : messages.showRedemptions)}
        </Button>
        {isShowingRedemptions &&
          (coupon.partnerCreatorId ? (
            <PerkRedemptionWeeks couponId={coupon.id} />
          ) : (
            <RedemptionList couponId={coupon.id} />
          ))}
      </CardContent>
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        title={intl.formatMessage(messages.deleteTitle)}
        description={intl.formatMessage(messages.deleteQuestion, { title: coupon.title })}
        confirmLabel={intl.formatMessage(messages.deleteConfirm)}
        confirmVariant="default"
        onConfirm={() => {
          setIsConfirmingDelete(false);
          deleteCoupon.mutate(coupon.id, {
            onSuccess: () =>
              toast({ title: intl.formatMessage(messages.success), description: intl.formatMessage(messages.deleted) }),
            onError: (error) => toastFailure(error, intl.formatMessage(messages.deleteFailed)),
          });
        }}
        onCancel={() => setIsConfirmingDelete(false)}
      />
    </Card>
  );
}

/** The till: the customer's one-time code, marked used (checked by the contract's `markUsedBody`). */
function MarkCodeUsedForm() {
  const intl = useIntl();
  const form = useZodForm(markUsedBody, { defaultValues: { code: "" } });
  const markUsed = useMarkRedemptionUsed();
  const submit = ({ code }: MarkUsedBody) =>
    markUsed.mutateAsync(code).then(
      () => {
        form.reset({ code: "" });
        toast({ title: intl.formatMessage(messages.success), description: intl.formatMessage(messages.markedUsed) });
      },
      (error: unknown) => {
        applyServerError(form, error, intl.formatMessage(messages.failed));
      },
    );
  return (
    <Form form={form} onSubmit={submit} className="space-y-2" aria-label={intl.formatMessage(messages.markFormLabel)}>
      <div className="flex items-start gap-2">
        <FormField
          name="code"
          label={intl.formatMessage(messages.customerCode)}
          labelClassName="sr-only"
          className="min-w-0 flex-1"
        >
          {(field) => (
            <Input placeholder={intl.formatMessage(messages.customerCodePlaceholder)} autoComplete="off" {...field} />
          )}
        </FormField>
        <FormSubmit variant="outline" pendingLabel={intl.formatMessage(messages.marking)}>
          {intl.formatMessage(messages.markUsed)}
        </FormSubmit>
      </div>
      <FormMessage />
    </Form>
  );
}

/** The dashboard's Coupons tab (docs/PRODUCT.md §2): create, list, edit, delete, redemptions and codes at the till. */
export function CouponManager({
  businessId,
  coupons,
  partners,
}: {
  businessId: string;
  coupons: CouponView[];
  /** Accepted partner creators, for the create form's perk option. */
  partners?: PerkPartnerOption[];
}) {
  const intl = useIntl();
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<CouponView | null>(null);
  const createCoupon = useCreateCoupon();
  const updateCoupon = useUpdateCoupon();
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{intl.formatMessage(messages.title)}</h2>
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden />
          {intl.formatMessage(messages.create)}
        </Button>
      </div>
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="text-base">{intl.formatMessage(messages.tillTitle)}</CardTitle>
        </CardHeader>
        <CardContent>
          <MarkCodeUsedForm />
        </CardContent>
      </Card>
      {coupons.length === 0 ? (
        <EmptyState
          icon={Ticket}
          title={intl.formatMessage(messages.empty)}
          description={intl.formatMessage(messages.emptyHint)}
        />
      ) : (
        <div className="space-y-3">
          {coupons.map((coupon) => (
            <CouponRow key={coupon.id} coupon={coupon} onEdit={() => setEditing(coupon)} />
          ))}
        </div>
      )}
      <CouponFormDialog
        open={isCreating}
        onOpenChange={setIsCreating}
        coupon={null}
        partners={partners ?? []}
        title={intl.formatMessage(messages.create)}
        submitLabel={intl.formatMessage(messages.create)}
        isPending={createCoupon.isPending}
        onSubmit={(values) =>
          createCoupon.mutate(
            { ...values, businessId },
            {
              onSuccess: () => {
                setIsCreating(false);
                toast({
                  title: intl.formatMessage(messages.success),
                  description: intl.formatMessage(messages.created),
                });
              },
              onError: (error) => toastFailure(error, intl.formatMessage(messages.createFailed)),
            },
          )
        }
      />
      {editing && (
        <CouponFormDialog
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          coupon={editing}
          title={intl.formatMessage(messages.editTitle)}
          submitLabel={intl.formatMessage(messages.save)}
          isPending={updateCoupon.isPending}
          onSubmit={(values) =>
            updateCoupon.mutate(
              { couponId: editing.id, body: { ...values, code: values.code ?? editing.code ?? undefined } },
              {
                onSuccess: () => {
                  setEditing(null);
                  toast({
                    title: intl.formatMessage(messages.success),
                    description: intl.formatMessage(messages.updated),
                  });
                },
                onError: (error) => toastFailure(error, intl.formatMessage(messages.updateFailed)),
              },
            )
          }
        />
      )}
    </div>
  );
}
