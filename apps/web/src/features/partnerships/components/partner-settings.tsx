import { PARTNERSHIP_STATUS_LABELS, PARTNERSHIP_TEXTS } from "@plaza/contracts/partnerships.texts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useAnswerPartnership, usePartnerships } from "../api/partnerships";
import { EndPartnershipButton } from "./end-partnership-button";

/** A creator's Settings section: invitations to accept or decline, partners to end (docs/PRODUCT.md). */
export function PartnerSettings() {
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
          toast({ title: choice === "accept" ? PARTNERSHIP_TEXTS.accepted : PARTNERSHIP_TEXTS.declined }),
        onError: (error) => toastFailure(error, "Could not answer the invitation"),
      },
    );
  return (
    <Card id="partners" data-testid="partner-settings">
      <CardHeader>
        <CardTitle>{PARTNERSHIP_TEXTS.settingsTitle}</CardTitle>
        <p className="text-sm text-muted-foreground">{PARTNERSHIP_TEXTS.settingsHint}</p>
      </CardHeader>
      <CardContent>
        {mine.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PARTNERSHIP_TEXTS.noInvitations}</p>
        ) : (
          <ul className="divide-y" aria-label="Business partners">
            {mine.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2 py-3">
                <span className="min-w-0 flex-1 basis-40 truncate font-medium">{item.businessName}</span>
                <Badge variant={item.status === "accepted" ? "default" : "secondary"}>
                  {PARTNERSHIP_STATUS_LABELS[item.status]}
                </Badge>
                {item.status === "pending" ? (
                  <span className="flex gap-2">
                    <Button
                      type="button"
                      size="sm"
                      disabled={answer.isPending}
                      onClick={() => respond(item.id, "accept")}
                      aria-label={`Accept invitation from ${item.businessName}`}
                    >
                      {PARTNERSHIP_TEXTS.accept}
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={answer.isPending}
                      onClick={() => respond(item.id, "decline")}
                      aria-label={`Decline invitation from ${item.businessName}`}
                    >
                      {PARTNERSHIP_TEXTS.decline}
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
