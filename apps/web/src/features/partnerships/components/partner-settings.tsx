import { defineMessages, useIntl } from "react-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useAnswerPartnership, usePartnerships } from "../api/partnerships";
import { PARTNERSHIP_MESSAGES, STATUS_MESSAGES } from "../lib/partnership-texts";
import { EndPartnershipButton } from "./end-partnership-button";

const phrases = defineMessages<{ acceptFrom: { name: string }; declineFrom: { name: string } }>({
  acceptFrom: { id: "partnerships.settings.acceptFrom", defaultMessage: "Accept invitation from {name}" },
  declineFrom: { id: "partnerships.settings.declineFrom", defaultMessage: "Decline invitation from {name}" },
});
const messages = defineMessages({
  failed: { id: "partnerships.settings.failed", defaultMessage: "Could not answer the invitation" },
  list: { id: "partnerships.settings.list", defaultMessage: "Business partners" },
});

/** A creator's Settings section: invitations to accept or decline, partners to end (docs/PRODUCT.md). */
export function PartnerSettings() {
  const intl = useIntl();
  const partnerships = usePartnerships();
  const answer = useAnswerPartnership();
  const mine = (partnerships.data ?? []).filter(
    (item) => item.role === "creator" && (item.status === "pending" || item.status === "accepted"),
  );
  const respond = (id: string, choice: "accept" | "decline") =>
    answer.mutate(
      { id, answer: choice },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage(
              choice === "accept" ? PARTNERSHIP_MESSAGES.accepted : PARTNERSHIP_MESSAGES.declined,
            ),
          }),
        onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)),
      },
    );
  return (
    <Card id="partners" data-testid="partner-settings">
      <CardHeader>
        <CardTitle>{intl.formatMessage(PARTNERSHIP_MESSAGES.settingsTitle)}</CardTitle>
        <p className="text-sm text-muted-foreground">{intl.formatMessage(PARTNERSHIP_MESSAGES.settingsHint)}</p>
      </CardHeader>
      <CardContent>
        {mine.length === 0 ? (
          <p className="text-sm text-muted-foreground">{intl.formatMessage(PARTNERSHIP_MESSAGES.noInvitations)}</p>
        ) : (
          <ul className="divide-y" aria-label={intl.formatMessage(messages.list)}>
            {mine.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2 py-3">
                <span className="min-w-0 flex-1 basis-40 truncate font-medium">{item.businessName}</span>
                <Badge variant={item.status === "accepted" ? "default" : "secondary"}>
                  {intl.formatMessage(STATUS_MESSAGES[item.status])}
                </Badge>
                {item.status === "pending" ? (
                  <span className="flex gap-2">
                    <Button
                      type="button"
                      size="sm"
                      disabled={answer.isPending}
                      onClick={() => respond(item.id, "accept")}
                      aria-label={intl.formatMessage(phrases.acceptFrom, { name: item.businessName })}
                    >
                      {intl.formatMessage(PARTNERSHIP_MESSAGES.accept)}
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={answer.isPending}
                      onClick={() => respond(item.id, "decline")}
                      aria-label={intl.formatMessage(phrases.declineFrom, { name: item.businessName })}
                    >
                      {intl.formatMessage(PARTNERSHIP_MESSAGES.decline)}
                    </Button>
                  </span>
                ) : (
                  <EndPartnershipButton partnershipId={item.id} name={item.businessName} />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
