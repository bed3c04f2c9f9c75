import { UserAgreementPage } from "@/features/agreements/components/user-agreement-page";
import { useAuth } from "@/features/auth/hooks/use-auth";

export default function UserAgreementRoute() {
  const { isAuthenticated } = useAuth();
  return <UserAgreementPage isSignedIn={isAuthenticated} />;
}
