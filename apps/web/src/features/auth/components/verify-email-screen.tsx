import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { PageSkeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { useVerifyEmail } from "../api/verify-email";

/** The page a verification mail links to: uses the token once, then says how it went. */
export function VerifyEmailScreen({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  // A token works once: never send it twice (React may run effects twice in development).
  const sentToken = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    verify.mutate({ token });
  }, [token, verify]);

  if (token && (verify.isPending || verify.isIdle)) return <PageSkeleton label="Verifying your email address..." />;
  const failure = !token
    ? "This link is incomplete. Open the link from the mail again."
    : verify.error instanceof ApiError
      ? verify.error.serverMessage
      : verify.error?.message;
  return (
    <div className="space-y-4 text-center">
      {verify.isSuccess ? (
        <>
          <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-green-600" />
          <h1 className="text-xl font-semibold">Your email address is verified</h1>
          <p className="text-gray-600">Thanks! You can use every part of Plaza now.</p>
        </>
      ) : (
        <>
          <XCircle aria-hidden className="mx-auto h-10 w-10 text-red-600" />
          <h1 className="text-xl font-semibold">We could not verify your email address</h1>
          <p role="alert" className="text-gray-600">
            {failure}
          </p>
        </>
      )}
      <Button asChild>
        <Link href="/">Continue to Plaza</Link>
      </Button>
    </div>
  );
}
