import { useEffect, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useVisitCode } from "../api/get-visit-code";
import { VisitCodeQr } from "./visit-code-qr";

function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The rotating visit code, large enough to read from across the counter, with the time until it changes, and as
 * a QR code that opens the check-in with the code filled in.
 */
export function VisitCodePanel({ businessId }: { businessId: string }) {
  const { data, dataUpdatedAt, isLoading, isError } = useVisitCode(businessId);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const secondsLeft = data ? Math.max(0, data.secondsRemaining - Math.floor((now - dataUpdatedAt) / 1000)) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Visit Code</CardTitle>
        <CardDescription>
          Customers enter this code to verify their check-in. It changes every 10 minutes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <LoadingRegion label="Loading code...">
            <Skeleton className="mx-auto h-40 w-40" />
          </LoadingRegion>
        ) : isError || !data ? (
          <p className="text-sm text-red-600">Could not load the visit code.</p>
        ) : (
          <div className="text-center">
            <p
              data-testid="visit-code"
              className="font-mono text-5xl font-bold tracking-[0.3em] text-gray-900 sm:text-6xl"
            >
              {data.code}
            </p>
            <p className="mt-2 text-sm text-gray-500">Changes in {formatCountdown(secondsLeft)}</p>
            <div className="mt-4">
              <VisitCodeQr businessId={businessId} visitCode={data.code} />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
