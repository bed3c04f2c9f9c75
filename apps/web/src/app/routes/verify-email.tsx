import { useSearch } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { VerifyEmailScreen } from "@/features/auth/components/verify-email-screen";

export default function VerifyEmailRoute() {
  const token = new URLSearchParams(useSearch()).get("token");
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <VerifyEmailScreen token={token} />
        </CardContent>
      </Card>
    </main>
  );
}
