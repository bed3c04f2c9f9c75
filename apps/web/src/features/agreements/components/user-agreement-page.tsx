import { AGREEMENT_TEXTS } from "@plaza/contracts/agreements.texts";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { ScrollArea } from "@/components/ui/scroll-area";
import { PageSkeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { useAcceptAgreement, useActiveAgreement, useAgreementAcceptance } from "../api/agreements";

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });

/** The user agreement screen of docs/PRODUCT.md §2: unread → read-confirmed → accepted (§4). */
export function UserAgreementPage({ isSignedIn }: { isSignedIn: boolean }) {
  const agreement = useActiveAgreement();
  const acceptance = useAgreementAcceptance(isSignedIn);
  const accept = useAcceptAgreement();
  const [hasRead, setHasRead] = useState(false);

  if (agreement.isLoading) {
    return <PageSkeleton label="Loading agreement..." isDocument />;
  }
  if (!agreement.data) {
    return <p className="py-16 text-center text-gray-600">No user agreement found.</p>;
  }
  const current = agreement.data;
  const isAccepted =
    accept.isSuccess || (acceptance.data?.hasAccepted === true && acceptance.data.agreementId === current.id);

  const onAccept = () => {
    if (!hasRead) {
      toast({ title: "Please Read Agreement", description: AGREEMENT_TEXTS.mustRead, variant: "destructive" });
      return;
    }
    accept.mutate(current.id);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">{current.title}</h1>
          </CardTitle>
          <CardDescription>
            Version {current.version} · Last updated {formatDate(current.createdAt)}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <ScrollArea className="h-96 rounded-md border p-4" aria-label="Agreement text">
            <div className="whitespace-pre-wrap text-sm leading-relaxed text-gray-800">{current.content}</div>
          </ScrollArea>
          <div className="flex items-start gap-3">
            <Checkbox
              id="agreement-read"
              checked={hasRead || isAccepted}
              disabled={isAccepted}
              onCheckedChange={(checked) => setHasRead(checked === true)}
            />
            <Label htmlFor="agreement-read" className="leading-snug">
              {AGREEMENT_TEXTS.readCheckbox}
            </Label>
          </div>
          {(hasRead || isAccepted) && (
            <div className="rounded-md border border-amber-200 bg-amber-50 p-4">
              <p className="mb-2 font-medium text-amber-900">Important points</p>
              <ul className="list-disc space-y-1 pl-5 text-sm text-amber-900">
                {AGREEMENT_TEXTS.importantPoints.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          )}
          <Button className="w-full" onClick={onAccept} disabled={accept.isPending || isAccepted}>
            {isAccepted ? "✓ Accepted" : accept.isPending ? "Accepting..." : "Accept Agreement"}
          </Button>
          {isAccepted && (
            <div className="space-y-3 text-center">
              <p className="text-green-700">You have accepted the user agreement. Thank you!</p>
              <Button asChild variant="outline">
                <Link href={paths.home}>Continue</Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
