import { safeReturnTo } from "@plaza/contracts/return-to";
import {
  isGuardedPath,
  SIGNED_IN_ROUTES,
  SIGNED_OUT_ROUTES,
  type SignedInRoute,
  type SignedOutRoute,
} from "@plaza/contracts/web-routes";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, Suspense, useEffect } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { PageSkeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { useInstanceTitle } from "@/lib/instance";
import { lazyComponent } from "@/lib/lazy-component";
import { paths } from "@/lib/paths";
import { looksSignedIn } from "@/lib/session-hint";
import { prefetchHomeData } from "./routes/home-data";

const messages = defineMessages({
  loading: { id: "shell.router.loading", defaultMessage: "Loading..." },
});

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
const PrivacyRoute = lazyComponent("privacy", () => import("./routes/privacy"));
const AdminRoute = lazyComponent("admin", () => import("./routes/admin"));
const WalletRoute = lazyComponent("wallet", () => import("./routes/wallet"));
const MyCouponsRoute = lazyComponent("my-coupons", () => import("./routes/my-coupons"));
const ActivityRoute = lazyComponent("activity", () => import("./routes/activity"));
const SearchRoute = lazyComponent("search", () => import("./routes/search"));
const PostRoute = lazyComponent("post", () => import("./routes/post"));
const EventsRoute = lazyComponent("events", () => import("./routes/events"));
const EventRoute = lazyComponent("event", () => import("./routes/event"));
const EventManageRoute = lazyComponent("event-manage", () => import("./routes/event-manage"));
const PayRoute = lazyComponent("pay", () => import("./routes/pay"));
const NoticeRoute = lazyComponent("notice", () => import("./routes/notice"));
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
 * and run (the home's largest paint is a post: Lighthouse mobile, bench/results/history.md). apps/web/vite.config.ts names
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
  const intl = useIntl();
  return (
    <div className="p-4">
      <PageSkeleton label={intl.formatMessage(messages.loading)} />
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

/** The page of each signed-out path of the route table (packages/contracts/src/web-routes.ts). */
const SIGNED_OUT_PAGES: Record<SignedOutRoute, ComponentType> = {
  "/": LandingRoute,
  "/login": LoginRoute,
  "/profile/:userId": ProfileRoute,
  "/business/:businessId": ProfileRoute,
  "/posts/:postId": PostRoute,
  "/user-agreement": UserAgreementRoute,
  "/terms": UserAgreementRoute,
  "/privacy": PrivacyRoute,
  "/verify-email": VerifyEmailRoute,
  "/confirm-email": VerifyEmailRoute,
  "/forgot-password": ForgotPasswordRoute,
  "/reset-password": ResetPasswordRoute,
  "/events": EventsRoute,
  "/events/:eventId": EventRoute,
};

function GoHome() {
  return <Redirect to={paths.home} replace />;
}

/** The page of each signed-in path of the route table (packages/contracts/src/web-routes.ts). */
const SIGNED_IN_PAGES: Record<SignedInRoute, ComponentType> = {
  "/": HomeRoute,
  "/login": GoHome,
  "/profile/:userId": ProfileRoute,
  "/business/:businessId": ProfileRoute,
  "/posts/:postId": PostRoute,
  "/user-agreement": UserAgreementRoute,
  "/terms": UserAgreementRoute,
  "/privacy": PrivacyRoute,
  "/verify-email": VerifyEmailRoute,
  "/confirm-email": VerifyEmailRoute,
  "/reset-password": ResetPasswordRoute,
  "/discover": HomeRoute,
  "/events": EventsRoute,
  "/events/:eventId": EventRoute,
  "/events/:eventId/manage": EventManageRoute,
  "/analytics": HomeRoute,
  "/business-dashboard": BusinessDashboardRoute,
  "/settings": SettingsRoute,
  "/messages": MessagesRoute,
  "/messages/:conversationId": MessagesRoute,
  "/admin": AdminRoute,
  "/wallet": WalletRoute,
  "/coupons": MyCouponsRoute,
  "/pay/:paymentId": PayRoute,
  "/activity": ActivityRoute,
  "/search": SearchRoute,
  "/notices/:noticeId": NoticeRoute,
};

function SignedOutRoutes() {
  return (
    <>
      <SignedOutGuard />
      <Switch>
        {SIGNED_OUT_ROUTES.map((path) => (
          <Route key={path} path={path} component={SIGNED_OUT_PAGES[path]} />
        ))}
        <Route component={NotFoundRoute} />
      </Switch>
    </>
  );
}

function SignedInRoutes() {
  return (
    <AppShell>
      <Switch>
        {SIGNED_IN_ROUTES.map((path) => (
          <Route key={path} path={path} component={SIGNED_IN_PAGES[path]} />
        ))}
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
  useInstanceTitle();
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
