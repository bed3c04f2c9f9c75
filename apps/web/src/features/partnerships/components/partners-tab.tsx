import type { PartnershipView } from "@plaza/contracts/partnerships";
import { displayName } from "@plaza/contracts/users.texts";
import { Search } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useCreatorSearch, useInvitePartner, usePartnerRedemptions, usePartnerships } from "../api/partnerships";
import { PARTNERSHIP_MESSAGES, STATUS_MESSAGES } from "../lib/partnership-texts";
import { EndPartnershipButton } from "./end-partnership-button";

const phrases = defineMessages<{ invite: { name: string } }>({
  invite: { id: "partnerships.tab.inviteName", defaultMessage: "Invite {name}" },
});
const messages = defineMessages({
  creatorsFound: { id: "partnerships.tab.creatorsFound", defaultMessage: "Creators found" },
  noCreators: { id: "partnerships.tab.noCreators", defaultMessage: "No creators found" },
  inviteFailed: { id: "partnerships.tab.inviteFailed", defaultMessage: "Could not send the invitation" },
  yourPartners: { id: "partnerships.tab.yourPartners", defaultMessage: "Your partners" },
  partner: { id: "partnerships.tab.partner", defaultMessage: "Partner" },
  redemptions: { id: "partnerships.tab.redemptions", defaultMessage: "Redemptions" },
});

function PersonAvatar({ person }: { person: PartnershipView["creator"] }) {
  return (
    <Avatar className="h-9 w-9 shrink-0">
      <AvatarImage src={person.profileImageUrl ?? undefined} alt="" />
      <AvatarFallback>{displayName(person).slice(0, 1).toUpperCase()}</AvatarFallback>
    </Avatar>
  );
}

/** The business dashboard's Partners tab (docs/PRODUCT.md "Partnerships"): find and invite creators, see, end. */
export function PartnersTab({ businessId }: { businessId: string }) {
  const intl = useIntl();
  const [text, setText] = useState("");
  const search = useCreatorSearch(text);
  const partnerships = usePartnerships();
  const invite = useInvitePartner();
  const mine = (partnerships.data ?? []).filter((item) => item.businessId === businessId);
  const open = mine.filter((item) => item.status === "pending" || item.status === "accepted");
  const openIds = new Set(open.map((item) => item.creatorId));

  return (
    <div className="space-y-4" data-testid="partners-tab">
      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage(PARTNERSHIP_MESSAGES.title)}</CardTitle>
          <p className="text-sm text-muted-foreground">{intl.formatMessage(PARTNERSHIP_MESSAGES.hint)}</p>
        </CardHeader>
        <CardContent className="space-y-3">
          <Label htmlFor="partner-search">{intl.formatMessage(PARTNERSHIP_MESSAGES.searchLabel)}</Label>
          <div className="relative">
            <Search aria-hidden className="absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id="partner-search"
              type="search"
              className="ps-9"
              placeholder={intl.formatMessage(PARTNERSHIP_MESSAGES.searchPlaceholder)}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          {text.trim().length >= 2 && search.data && (
            <ul className="divide-y rounded-md border" aria-label={intl.formatMessage(messages.creatorsFound)}>
              {search.data.length === 0 && (
                <li className="p-3 text-sm text-muted-foreground">{intl.formatMessage(messages.noCreators)}</li>
              )}
              {search.data.map((creator) => (
                <li key={creator.id} className="flex items-center gap-3 p-3">
                  <PersonAvatar person={creator} />
                  <span className="min-w-0 flex-1 truncate">
                    <span className="font-medium">{displayName(creator)}</span>{" "}
                    <span className="text-sm text-muted-foreground">
                      <bdi dir="ltr">@{creator.username}</bdi>
                    </span>
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    disabled={openIds.has(creator.id) || invite.isPending}
                    aria-label={intl.formatMessage(phrases.invite, { name: displayName(creator) })}
                    onClick={() =>
                      invite.mutate(
                        { businessId, creatorId: creator.id },
                        {
                          onSuccess: () => toast({ title: intl.formatMessage(PARTNERSHIP_MESSAGES.invited) }),
                          onError: (error) => toastFailure(error, intl.formatMessage(messages.inviteFailed)),
                        },
                      )
                    }
                  >
                    {openIds.has(creator.id)
                      ? intl.formatMessage(STATUS_MESSAGES.pending)
                      : intl.formatMessage(PARTNERSHIP_MESSAGES.invite)}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage(messages.yourPartners)}</CardTitle>
        </CardHeader>
        <CardContent>
          {mine.length === 0 ? (
            <p className="text-sm text-muted-foreground">{intl.formatMessage(PARTNERSHIP_MESSAGES.none)}</p>
          ) : (
            <ul className="divide-y" aria-label={intl.formatMessage(messages.yourPartners)}>
              {mine.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
                  <PersonAvatar person={item.creator} />
                  <span className="min-w-0 flex-1 basis-40 truncate font-medium">{displayName(item.creator)}</span>
                  <Badge variant={item.status === "accepted" ? "default" : "secondary"}>
                    {intl.formatMessage(STATUS_MESSAGES[item.status])}
                  </Badge>
                  {(item.status === "pending" || item.status === "accepted") && (
                    <EndPartnershipButton partnershipId={item.id} name={displayName(item.creator)} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <PartnerRedemptions businessId={businessId} />
    </div>
  );
}

/** Redemptions per partner; a partner whose perks fewer than 5 people redeemed shows no number. */
function PartnerRedemptions({ businessId }: { businessId: string }) {
  const intl = useIntl();
  const stats = usePartnerRedemptions(businessId);
  if (!stats.data || stats.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(PARTNERSHIP_MESSAGES.redemptionsTitle)}</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-start text-muted-foreground">
              <th className="py-2 font-medium">{intl.formatMessage(messages.partner)}</th>
              <th className="py-2 text-end font-medium">{intl.formatMessage(messages.redemptions)}</th>
            </tr>
          </thead>
          <tbody>
            {stats.data.map((row) => (
              <tr key={row.creatorId} className="border-t">
                <td className="py-2">{row.creatorName}</td>
                <td className="py-2 text-end">
                  {row.redemptions === null
                    ? intl.formatMessage(PARTNERSHIP_MESSAGES.fewerThan)
                    : intl.formatNumber(row.redemptions)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
