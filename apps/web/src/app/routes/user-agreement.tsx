import { UserAgreementPage } from "@/features/agreements/components/user-agreement-page";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { SignedOutPage } from "../layout/signed-out-page";

/** /user-agreement and /terms: signed in inside the app shell; signed out under the brand, which leads home. */
export default function UserAgreementRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? (
    <UserAgreementPage isSignedIn />
  ) : (
    <SignedOutPage>
      <UserAgreementPage isSignedIn={false} />
    </SignedOutPage>
  );
}
