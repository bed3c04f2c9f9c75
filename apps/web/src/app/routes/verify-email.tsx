import { useLocation, useSearch } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { VerifyEmailScreen } from "@/features/auth/components/verify-email-screen";

/** /verify-email (sign-up mail) and /confirm-email (email-change mail). */
export default function VerifyEmailRoute() {
  const [location] = useLocation();
  const token = new URLSearchParams(useSearch()).get("token");
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <VerifyEmailScreen token={token} kind={location === "/confirm-email" ? "change" : "verify"} />
        </CardContent>
      </Card>
    </main>
  );
}
