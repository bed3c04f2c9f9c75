import { safeReturnTo } from "@plaza/contracts/return-to";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { PageSkeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { paths } from "@/lib/paths";
import { looksSignedIn } from "@/lib/session-hint";
import { isGuardedPath } from "./paths";
import { prefetchHomeData } from "./routes/home-data";

const loadAppShell = () => import("./layout/app-shell");
const loadLoginRoute = () => import("./routes/login");
const loadHomeRoute = () => import("./routes/home");

// The signed-in shell (header, search, notifications, messages, menus) loads with the first signed-in page, so
// the landing and sign-in pages do not download it (initial JS budget, GUIDE §5).
const AppShell = lazy(() => loadAppShell().then((module) => ({ default: module.AppShell })));
const LandingRoute = lazy(() => import("./routes/landing"));
const LoginRoute = lazy(loadLoginRoute);
const NotFoundRoute = lazy(() => import("./routes/not-found"));
const HomeRoute = lazy(loadHomeRoute);
const ProfileRoute = lazy(() => import("./routes/profile"));
const BusinessDashboardRoute = lazy(() => import("./routes/business-dashboard"));
const SettingsRoute = lazy(() => import("./routes/settings"));
const MessagesRoute = lazy(() => import("./routes/messages"));
const UserAgreementRoute = lazy(() => import("./routes/user-agreement"));
const AdminRoute = lazy(() => import("./routes/admin"));
const WalletRoute = lazy(() => import("./routes/wallet"));
const MyCouponsRoute = lazy(() => import("./routes/my-coupons"));
const ActivityRoute = lazy(() => import("./routes/activity"));
const SearchRoute = lazy(() => import("./routes/search"));
const PostRoute = lazy(() => import("./routes/post"));
const PayRoute = lazy(() => import("./routes/pay"));
const VerifyEmailRoute = lazy(() => import("./routes/verify-email"));
const ForgotPasswordRoute = lazy(() => import("./routes/forgot-password"));
const ResetPasswordRoute = lazy(() => import("./routes/reset-password"));

/** The paths that show the home screen to a signed-in user. */
const HOME_PATHS = ["/", "/discover", "/events", "/analytics"];

// The sign-in page's code downloads while the sign-in check is on its way, not after it: a visitor who opens
// /login is nearly always signed out.
if (typeof window !== "undefined" && window.location.pathname === "/login") void loadLoginRoute();

/** The page came with a session cookie: the first signed-in screen is wanted, probably (lib/session-hint.ts). */
const SESSION_HINT = looksSignedIn();

/**
 * Once the user is known to be signed in, fetches what the first signed-in screen needs side by side: on a home
 * path the feed, and the shell and the home page's code. Lazy loading alone would fetch them one after another
 * (shell, then page, then the page's data), each waiting for the one before. The feed's request is in the entry
 * chunk (a few small modules), so it starts with the sign-in check, not after the signed-in chunk has downloaded
 * and run (the home's largest paint is a post: Lighthouse mobile, bench/README.md). apps/web/vite.config.ts names
 * the other chunks (FIRST_SIGNED_IN_SCREEN) to load their imports without script-inserted preload links: change
 * both together.
 */
function preloadSignedInScreen(path: string, queryClient: QueryClient): void {
  const isHome = HOME_PATHS.includes(path);
  if (isHome) void prefetchHomeData(queryClient);
  void loadAppShell();
  if (isHome) void loadHomeRoute();
}

function PageFallback() {
  return (
    <div className="p-4">
      <PageSkeleton label="Loading..." />
    </div>
  );
}

/**
 * A signed-out visitor on a guarded path (a mail's link to a tip, a message, a partnership…) goes to sign-in,
 * replacing the history entry, and comes back to that page after it (`?returnTo=`, same-site paths only).
 */
function SignedOutGuard() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const mustLeave = isGuardedPath(location);
  useEffect(() => {
    if (!mustLeave) return;
    const target = safeReturnTo(`${location}${search ? `?${search}` : ""}${window.location.hash}`);
    navigate(paths.loginReturningTo(target), { replace: true });
  }, [mustLeave, location, search, navigate]);
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
        <Route path="/verify-email" component={VerifyEmailRoute} />
        <Route path="/confirm-email" component={VerifyEmailRoute} />
        <Route path="/forgot-password" component={ForgotPasswordRoute} />
        <Route path="/reset-password" component={ResetPasswordRoute} />
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
          <Redirect to={paths.home} replace />
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
        <Route path="/coupons" component={MyCouponsRoute} />
        <Route path="/posts/:postId" component={PostRoute} />
        <Route path="/pay/:paymentId" component={PayRoute} />
        <Route path="/activity" component={ActivityRoute} />
        <Route path="/search" component={SearchRoute} />
        <Route path="/discover" component={HomeRoute} />
        <Route path="/events" component={HomeRoute} />
        <Route path="/analytics" component={HomeRoute} />
        <Route path="/verify-email" component={VerifyEmailRoute} />
        <Route path="/confirm-email" component={VerifyEmailRoute} />
        <Route path="/reset-password" component={ResetPasswordRoute} />
        <Route path="/404" component={NotFoundRoute} />
        <Route component={NotFoundRoute} />
      </Switch>
    </AppShell>
  );
}

type AuthState = "checking" | "signed-in" | "signed-out";

/**
 * The route table of docs/PRODUCT.md §2; while authentication loads, "/" shows the landing screen, unless the page
 * came with a session cookie (then a skeleton, while the signed-in screen loads alongside the check).
 */
export function AppRouter() {
  const { isLoading, isAuthenticated } = useAuth();
  const [location] = useLocation();
  const queryClient = useQueryClient();
  const auth: AuthState = isLoading ? "checking" : isAuthenticated ? "signed-in" : "signed-out";
  useEffect(() => {
    if (auth === "signed-in" || (auth === "checking" && SESSION_HINT)) {
      preloadSignedInScreen(window.location.pathname, queryClient);
    }
  }, [auth, queryClient]);
  return (
    <Suspense fallback={<PageFallback />}>
      {auth === "checking" ? (
        location === "/" && !SESSION_HINT ? (
          <LandingRoute />
        ) : (
          <PageFallback />
        )
      ) : auth === "signed-in" ? (
        <SignedInRoutes />
      ) : (
        <SignedOutRoutes />
      )}
    </Suspense>
  );
}
