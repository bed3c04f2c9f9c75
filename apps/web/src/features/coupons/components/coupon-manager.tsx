import { type CouponView, type MarkUsedBody, markUsedBody } from "@plaza/contracts/coupons";
import {
  COUPON_TOASTS,
  discountText,
  PERK_REPORT_TEXTS,
  PERK_WEEK_FEWER_TEXT,
  perkWeekText,
} from "@plaza/contracts/coupons.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { Pencil, Plus, Ticket, Trash2 } from "lucide-react";
import { useState } from "react";
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
import { formatExpiry } from "./coupon-card";
import { CouponFormDialog, type PerkPartnerOption } from "./coupon-form-dialog";

/**
 * A perk's redemptions: counts per completed week, a week under 5 as "fewer than 5", never a list of codes or times
 * the owner could match with the named check-ins (docs/decisions/0006-check-ins-coupons-perks.md).
 */
function PerkRedemptionWeeks({ couponId }: { couponId: string }) {
  const { data, isLoading } = useCouponRedemptionWeeks(couponId, true);
  if (isLoading || !data) return <SkeletonList label="Loading redemptions..." count={2} itemClassName="h-8" />;
  return (
    <div className="space-y-1 text-sm" data-testid="perk-redemption-weeks">
      <p className="font-medium">{PERK_REPORT_TEXTS.title}</p>
      <p className="text-xs text-gray-500">{PERK_REPORT_TEXTS.hint}</p>
      <ul className="divide-y">
        {data.map((week) => (
          <li key={week.weekStart} className="flex items-center justify-between gap-2 py-1.5">
            <time dateTime={week.weekStart}>{perkWeekText(week.weekStart)}</time>
            <span className={week.redemptions === null ? "text-gray-500" : "font-medium"}>
              {week.redemptions ?? PERK_WEEK_FEWER_TEXT}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RedemptionList({ couponId }: { couponId: string }) {
  const { data, isLoading } = useCouponRedemptions(couponId, true);
  const markUsed = useMarkRedemptionUsed();
  if (isLoading) return <SkeletonList label="Loading redemptions..." count={2} itemClassName="h-8" />;
  if (!data || data.length === 0) return <p className="text-sm text-gray-500">No redemptions yet</p>;
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
            <Badge variant="secondary">Used</Badge>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={markUsed.isPending}
              onClick={() =>
                markUsed.mutate(redemption.code, {
                  onSuccess: () => toast({ title: "Success", description: COUPON_TOASTS.markedUsed }),
                  onError: (error) => toastFailure(error, "Failed"),
                })
              }
            >
              Mark used
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function CouponRow({ coupon, onEdit }: { coupon: CouponView; onEdit: () => void }) {
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isShowingRedemptions, setIsShowingRedemptions] = useState(false);
  const deleteCoupon = useDeleteCoupon();
  const updateCoupon = useUpdateCoupon();
  function toggleActive() {
    updateCoupon.mutate(
      { couponId: coupon.id, body: { isActive: !coupon.isActive } },
      {
        onSuccess: () => toast({ title: "Success", description: COUPON_TOASTS.updated }),
        onError: (error) => toastFailure(error, COUPON_TOASTS.updateFailed),
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
            <Badge variant={coupon.isActive ? "success" : "secondary"}>{coupon.isActive ? "Active" : "Inactive"}</Badge>
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <Button variant="outline" size="sm" onClick={toggleActive} disabled={updateCoupon.isPending}>
              {coupon.isActive ? "Deactivate" : "Activate"}
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Edit ${coupon.title}`} onClick={onEdit}>
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${coupon.title}`}
              onClick={() => setIsConfirmingDelete(true)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
        {coupon.description && <p className="text-sm text-gray-600">{coupon.description}</p>}
        <p className="text-sm font-medium text-brand-700">{discountText(coupon)}</p>
        {coupon.partnerCreatorName && (
          <p className="text-sm text-gray-600">Perk for subscribers of {coupon.partnerCreatorName}</p>
        )}
        <p className="text-sm">
          Code: <code className="font-mono">{coupon.code}</code>
        </p>
        <p className="text-sm text-gray-600">
          {coupon.partnerCreatorId ? PERK_REPORT_TEXTS.redeemedCounted : "Redeemed"}: {coupon.currentRedemptions} /{" "}
          {coupon.maxRedemptions ?? "∞"}
        </p>
        <p className="text-xs text-gray-500">{formatExpiry(coupon.expiresAt)}</p>
        <Button
          variant="link"
          size="sm"
          className="px-0 md:h-auto"
          onClick={() => setIsShowingRedemptions((shown) => !shown)}
        >
          {isShowingRedemptions ? "Hide redemptions" : "Show redemptions"}
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
        title="Delete coupon"
        description={`Delete "${coupon.title}"? Customers who redeemed it keep nothing to show at the till.`}
        confirmLabel="Delete"
        confirmVariant="default"
        onConfirm={() => {
          setIsConfirmingDelete(false);
          deleteCoupon.mutate(coupon.id, {
            onSuccess: () => toast({ title: "Success", description: COUPON_TOASTS.deleted }),
            onError: (error) => toastFailure(error, COUPON_TOASTS.deleteFailed),
          });
        }}
        onCancel={() => setIsConfirmingDelete(false)}
      />
    </Card>
  );
}

/** The till: the customer's one-time code, marked used (checked by the contract's `markUsedBody`). */
function MarkCodeUsedForm() {
  const form = useZodForm(markUsedBody, { defaultValues: { code: "" } });
  const markUsed = useMarkRedemptionUsed();
  const submit = ({ code }: MarkUsedBody) =>
    markUsed.mutateAsync(code).then(
      () => {
        form.reset({ code: "" });
        toast({ title: "Success", description: COUPON_TOASTS.markedUsed });
      },
      (error: unknown) => {
        applyServerError(form, error, "Failed");
      },
    );
  return (
    <Form form={form} onSubmit={submit} className="space-y-2" aria-label="Mark a customer's code used">
      <div className="flex items-start gap-2">
        <FormField name="code" label="Customer code" labelClassName="sr-only" className="min-w-0 flex-1">
          {(field) => <Input placeholder="Customer's code, e.g. ABCD-EFGHJK" autoComplete="off" {...field} />}
        </FormField>
        <FormSubmit variant="outline" pendingLabel="Marking...">
          Mark used
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
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<CouponView | null>(null);
  const createCoupon = useCreateCoupon();
  const updateCoupon = useUpdateCoupon();
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Manage Coupons</h2>
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden />
          Create Coupon
        </Button>
      </div>
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="text-base">Redeem at the till</CardTitle>
        </CardHeader>
        <CardContent>
          <MarkCodeUsedForm />
        </CardContent>
      </Card>
      {coupons.length === 0 ? (
        <EmptyState
          icon={Ticket}
          title="No coupons yet"
          description="Create a coupon to publish your business and bring visitors in."
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
        title="Create Coupon"
        submitLabel="Create Coupon"
        isPending={createCoupon.isPending}
        onSubmit={(values) =>
          createCoupon.mutate(
            { ...values, businessId },
            {
              onSuccess: () => {
                setIsCreating(false);
                toast({ title: "Success", description: COUPON_TOASTS.created });
              },
              onError: (error) => toastFailure(error, COUPON_TOASTS.createFailed),
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
          title="Edit Coupon"
          submitLabel="Save Changes"
          isPending={updateCoupon.isPending}
          onSubmit={(values) =>
            updateCoupon.mutate(
              { couponId: editing.id, body: { ...values, code: values.code ?? editing.code ?? undefined } },
              {
                onSuccess: () => {
                  setEditing(null);
                  toast({ title: "Success", description: COUPON_TOASTS.updated });
                },
                onError: (error) => toastFailure(error, COUPON_TOASTS.updateFailed),
              },
            )
          }
        />
      )}
    </div>
  );
}
