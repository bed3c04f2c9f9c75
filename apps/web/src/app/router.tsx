import { safeReturnTo } from "@plaza/contracts/return-to";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { PageSkeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { lazyComponent } from "@/lib/lazy-component";
import { paths } from "@/lib/paths";
import { looksSignedIn } from "@/lib/session-hint";
import { isGuardedPath } from "./paths";
import { prefetchHomeData } from "./routes/home-data";

// Every page and the signed-in shell load their code when first shown (lib/lazy-component.tsx: a page the server
// rendered loads the code of what it showed before the browser attaches to it). The shell (header, search,
// notifications, messages, menus) loads with the first signed-in page, so the landing and sign-in pages do not
// download it (initial JS budget, GUIDE §5).
const AppShell = lazyComponent(
  "app-shell",
  () => import("./layout/app-shell"),
  (module) => module.AppShell,
);
const LandingRoute = lazyComponent("landing", () => import("./routes/landing"));
const LoginRoute = lazyComponent("login", () => import("./routes/login"));
const NotFoundRoute = lazyComponent("not-found", () => import("./routes/not-found"));
const HomeRoute = lazyComponent("home", () => import("./routes/home"));
const ProfileRoute = lazyComponent("profile", () => import("./routes/profile"));
const BusinessDashboardRoute = lazyComponent("business-dashboard", () => import("./routes/business-dashboard"));
const SettingsRoute = lazyComponent("settings", () => import("./routes/settings"));
const MessagesRoute = lazyComponent("messages", () => import("./routes/messages"));
const UserAgreementRoute = lazyComponent("user-agreement", () => import("./routes/user-agreement"));
const AdminRoute = lazyComponent("admin", () => import("./routes/admin"));
const WalletRoute = lazyComponent("wallet", () => import("./routes/wallet"));
const MyCouponsRoute = lazyComponent("my-coupons", () => import("./routes/my-coupons"));
const ActivityRoute = lazyComponent("activity", () => import("./routes/activity"));
const SearchRoute = lazyComponent("search", () => import("./routes/search"));
const PostRoute = lazyComponent("post", () => import("./routes/post"));
const PayRoute = lazyComponent("pay", () => import("./routes/pay"));
const VerifyEmailRoute = lazyComponent("verify-email", () => import("./routes/verify-email"));
const ForgotPasswordRoute = lazyComponent("forgot-password", () => import("./routes/forgot-password"));
const ResetPasswordRoute = lazyComponent("reset-password", () => import("./routes/reset-password"));

/** The paths that show the home screen to a signed-in user. */
const HOME_PATHS = ["/", "/discover", "/events", "/analytics"];

// The sign-in page's code downloads while the sign-in check is on its way, not after it: a visitor who opens
// /login is nearly always signed out.
if (typeof window !== "undefined" && window.location.pathname === "/login") void LoginRoute.preload();

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
  if (isHome) void prefetchHomeData(queryClient, path);
  void AppShell.preload();
  if (isHome) void HomeRoute.preload();
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
