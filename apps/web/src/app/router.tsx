import { lazy, Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { PageSkeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { isGuardedPath } from "./paths";

// The signed-in shell (header, search, notifications, messages, menus) loads with the first signed-in page, so
// the landing and sign-in pages do not download it (initial JS budget, GUIDE §5).
const AppShell = lazy(() => import("./layout/app-shell").then((module) => ({ default: module.AppShell })));
const LandingRoute = lazy(() => import("./routes/landing"));
const LoginRoute = lazy(() => import("./routes/login"));
const NotFoundRoute = lazy(() => import("./routes/not-found"));
const HomeRoute = lazy(() => import("./routes/home"));
const ProfileRoute = lazy(() => import("./routes/profile"));
const BusinessDashboardRoute = lazy(() => import("./routes/business-dashboard"));
const SettingsRoute = lazy(() => import("./routes/settings"));
const MessagesRoute = lazy(() => import("./routes/messages"));
const UserAgreementRoute = lazy(() => import("./routes/user-agreement"));
const AdminRoute = lazy(() => import("./routes/admin"));
const WalletRoute = lazy(() => import("./routes/wallet"));
const ActivityRoute = lazy(() => import("./routes/activity"));
const SearchRoute = lazy(() => import("./routes/search"));
const PostRoute = lazy(() => import("./routes/post"));

function PageFallback() {
  return (
    <div className="p-4">
      <PageSkeleton label="Loading..." />
    </div>
  );
}

/** A signed-out visitor on a guarded path goes to /, replacing the history entry. */
function SignedOutGuard() {
  const [location, navigate] = useLocation();
  const mustLeave = isGuardedPath(location);
  useEffect(() => {
    if (mustLeave) navigate("/", { replace: true });
  }, [mustLeave, navigate]);
  return null;
}

function SignedOutRoutes() {
  return (
    <>
      <SignedOutGuard />
      <Switch>
        <Route path="/" component={LandingRoute} />
        <Route path="/login" component={LoginRoute} />
        <Route path="/profile/:userId" component={ProfileRoute} />
        <Route path="/business/:businessId" component={ProfileRoute} />
        <Route path="/user-agreement" component={UserAgreementRoute} />
        <Route path="/posts/:postId" component={PostRoute} />
        <Route component={NotFoundRoute} />
      </Switch>
    </>
  );
}

function SignedInRoutes() {
  return (
    <AppShell>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/login">
          <Redirect to="/" replace />
        </Route>
        <Route path="/profile/:userId" component={ProfileRoute} />
        <Route path="/business/:businessId" component={ProfileRoute} />
        <Route path="/business-dashboard" component={BusinessDashboardRoute} />
        <Route path="/settings" component={SettingsRoute} />
        <Route path="/messages" component={MessagesRoute} />
        <Route path="/messages/:conversationId" component={MessagesRoute} />
        <Route path="/user-agreement" component={UserAgreementRoute} />
        <Route path="/admin" component={AdminRoute} />
        <Route path="/wallet" component={WalletRoute} />
        <Route path="/posts/:postId" component={PostRoute} />
        <Route path="/activity" component={ActivityRoute} />
        <Route path="/search" component={SearchRoute} />
        <Route path="/discover" component={HomeRoute} />
        <Route path="/events" component={HomeRoute} />
        <Route path="/analytics" component={HomeRoute} />
        <Route path="/404" component={NotFoundRoute} />
        <Route component={NotFoundRoute} />
      </Switch>
    </AppShell>
  );
}

/** The route table of seed-spec §2; while authentication loads, only the landing screen shows. */
export function AppRouter() {
  const { isLoading, isAuthenticated } = useAuth();
  const [location] = useLocation();
  return (
    <Suspense fallback={<PageFallback />}>
      {isLoading ? (
        location === "/" ? (
          <LandingRoute />
        ) : (
          <PageFallback />
        )
      ) : isAuthenticated ? (
        <SignedInRoutes />
      ) : (
        <SignedOutRoutes />
      )}
    </Suspense>
  );
}
