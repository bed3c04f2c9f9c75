import { INVITE_DEFAULT, type InviteView, inviteForm } from "@plaza/contracts/instance";
import { Copy, Link2, XCircle } from "lucide-react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useInstance } from "@/lib/instance";
import { useCreateInvite, useEndInvite, useInvites } from "../api/invites";

const messages = defineMessages({
  title: { id: "invites.card.title", defaultMessage: "Invite links" },
  description: {
    id: "invites.card.description",
    defaultMessage:
      "While sign-up is by invite only, people join with a link. Each link works for its number of uses until it expires.",
  },
  notInviteMode: {
    id: "invites.card.notInviteMode",
    defaultMessage: "Sign-up does not need an invite right now: links made here work once it does.",
  },
  uses: { id: "invites.card.uses", defaultMessage: "Uses" },
  days: { id: "invites.card.days", defaultMessage: "Valid for (days)" },
  create: { id: "invites.card.create", defaultMessage: "Create invite link" },
  creating: { id: "invites.card.creating", defaultMessage: "Creating..." },
  created: { id: "invites.card.created", defaultMessage: "Invite link created" },
  createFailed: { id: "invites.card.createFailed", defaultMessage: "Could not create the invite link." },
  listLabel: { id: "invites.card.listLabel", defaultMessage: "Your invite links" },
  loading: { id: "invites.card.loading", defaultMessage: "Loading invite links..." },
  empty: { id: "invites.card.empty", defaultMessage: "You have not made any invite links yet." },
  copy: { id: "invites.card.copy", defaultMessage: "Copy link" },
  copied: { id: "invites.card.copied", defaultMessage: "Invite link copied" },
  copyFailed: { id: "invites.card.copyFailed", defaultMessage: "Couldn't copy the link: select it and copy it" },
  end: { id: "invites.card.end", defaultMessage: "End" },
  ended: { id: "invites.card.ended", defaultMessage: "The invite link no longer works" },
  endFailed: { id: "invites.card.endFailed", defaultMessage: "Could not end the invite link." },
  expired: { id: "invites.card.expired", defaultMessage: "Expired" },
  usedUp: { id: "invites.card.usedUp", defaultMessage: "Used up" },
});
const phrases = {
  used: defineMessage<{ uses: number; maxUses: number }>({
    id: "invites.card.used",
    defaultMessage: "{uses, number} of {maxUses, plural, one {# use} other {# uses}} taken",
  }),
  expires: defineMessage<{ date: string }>({ id: "invites.card.expires", defaultMessage: "Expires {date}" }),
  endLabel: defineMessage<{ code: string }>({ id: "invites.card.endLabel", defaultMessage: "End invite {code}" }),
  copyLabel: defineMessage<{ code: string }>({
    id: "invites.card.copyLabel",
    defaultMessage: "Copy the link of invite {code}",
  }),
};

/** Whether an invite's link still signs people up. */
function inviteState(invite: InviteView, now: number): "active" | "expired" | "usedUp" {
  if (Date.parse(invite.expiresAt) <= now) return "expired";
  return invite.uses >= invite.maxUses ? "usedUp" : "active";
}

/**
 * Invite links (sign-up mode "invite"): make one with its uses and days, copy its link, end it early; the list shows
 * each link's uses so far and whether it still works. The admin console's Invites tab, and Settings for members when
 * the town lets members invite.
 */
export function InvitesCard({ isActive = true }: { isActive?: boolean }) {
  const intl = useIntl();
  const instance = useInstance();
  const invites = useInvites(isActive);
  const create = useCreateInvite();
  const end = useEndInvite();
  const form = useZodForm(inviteForm, {
    defaultValues: { maxUses: String(INVITE_DEFAULT.maxUses), expiresInDays: String(INVITE_DEFAULT.expiresInDays) },
  });
  const submit = (values: { maxUses: number; expiresInDays: number }) =>
    create.mutate(values, {
      onSuccess: () => toast({ title: intl.formatMessage(messages.created) }),
      onError: (failure) => applyServerError(form, failure, intl.formatMessage(messages.createFailed)),
    });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: intl.formatMessage(messages.copied) });
    } catch {
      toast({ title: intl.formatMessage(messages.copyFailed), variant: "destructive" });
    }
  };
  const now = Date.now();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
        {instance.data && instance.data.registrationMode !== "invite" && (
          <p className="text-sm text-amber-800" data-testid="invites-not-needed">
            {intl.formatMessage(messages.notInviteMode)}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <Form form={form} onSubmit={submit} pending={create.isPending} className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <FormField name="maxUses" label={intl.formatMessage(messages.uses)} className="w-28">
              {(field) => <Input type="number" inputMode="numeric" min={1} className="min-h-11" {...field} />}
            </FormField>
            <FormField name="expiresInDays" label={intl.formatMessage(messages.days)} className="w-36">
              {(field) => <Input type="number" inputMode="numeric" min={1} className="min-h-11" {...field} />}
            </FormField>
            <FormSubmit className="min-h-11" pendingLabel={intl.formatMessage(messages.creating)}>
              <Link2 aria-hidden /> {intl.formatMessage(messages.create)}
            </FormSubmit>
          </div>
          <FormMessage />
        </Form>
        {invites.isLoading && <SkeletonList label={intl.formatMessage(messages.loading)} count={2} />}
        {invites.data?.length === 0 && <p className="text-sm text-gray-600">{intl.formatMessage(messages.empty)}</p>}
        {invites.data && invites.data.length > 0 && (
          <ul className="divide-y rounded-md border" aria-label={intl.formatMessage(messages.listLabel)}>
            {invites.data.map((invite) => {
              const state = inviteState(invite, now);
              return (
                <li
                  key={invite.code}
                  className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="invite"
                  data-state={state}
                >
                  <div className="min-w-0 space-y-0.5 sm:flex-1">
                    <p className="break-all font-mono text-sm" dir="ltr">
                      {invite.url}
                    </p>
                    <p className="text-xs text-gray-600">
                      {intl.formatMessage(phrases.used, { uses: invite.uses, maxUses: invite.maxUses })}
                      {" · "}
                      {state === "active"
                        ? intl.formatMessage(phrases.expires, {
                            date: intl.formatDate(invite.expiresAt, { dateStyle: "medium", timeStyle: "short" }),
                          })
                        : intl.formatMessage(messages[state])}
                    </p>
                  </div>
                  {state === "active" && (
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        className="min-h-11"
                        aria-label={intl.formatMessage(phrases.copyLabel, { code: invite.code })}
                        onClick={() => void copy(invite.url)}
                      >
                        <Copy aria-hidden /> {intl.formatMessage(messages.copy)}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        className="min-h-11"
                        aria-label={intl.formatMessage(phrases.endLabel, { code: invite.code })}
                        disabled={end.isPending}
                        onClick={() =>
                          end.mutate(invite.code, {
                            onSuccess: () => toast({ title: intl.formatMessage(messages.ended) }),
                            onError: (failure) => toastFailure(failure, intl.formatMessage(messages.endFailed)),
                          })
                        }
                      >
                        <XCircle aria-hidden /> {intl.formatMessage(messages.end)}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
