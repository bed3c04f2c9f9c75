import { PrivacyPolicyPage } from "@/features/agreements/components/privacy-policy-page";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { SignedOutPage } from "../layout/signed-out-page";

/** /privacy: signed in it renders inside the app shell's main landmark; signed out it has its own, under the brand. */
export default function PrivacyRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? (
    <PrivacyPolicyPage />
  ) : (
    <SignedOutPage>
      <PrivacyPolicyPage />
    </SignedOutPage>
  );
}
