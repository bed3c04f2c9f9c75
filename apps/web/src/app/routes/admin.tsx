import { ADMIN_TOASTS } from "@plaza/contracts/admin";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { AdminScreen } from "@/features/admin/components/admin-screen";
import { superuserQuery } from "@/features/auth/api/get-superuser";
import { useAuth } from "@/features/auth/hooks/use-auth";

/** /admin: superusers see the admin screen; everyone else gets 'Access Denied' and goes to / (seed-spec §6). */
export default function AdminRoute() {
  const { user } = useAuth();
  const superuser = useQuery(superuserQuery());
  const [, navigate] = useLocation();
  const isDenied = !superuser.isLoading && !superuser.data?.isSuperuser;

  useEffect(() => {
    if (!isDenied) return;
    toast({
      title: ADMIN_TOASTS.accessDeniedTitle,
      description: ADMIN_TOASTS.accessDeniedText,
      variant: "destructive",
    });
    navigate("/", { replace: true });
  }, [isDenied, navigate]);

  if (superuser.isLoading || isDenied || !user) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  return <AdminScreen viewerEmail={user.email} />;
}
