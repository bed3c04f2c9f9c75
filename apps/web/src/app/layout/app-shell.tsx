import { canSellAccess } from "@plaza/contracts/payments.texts";
import { CalendarDays, Home, MapPin, Plus, Search } from "lucide-react";
import { lazy, type ReactNode, type RefObject, Suspense, useDeferredValue, useLayoutEffect, useRef } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { MAIN_CONTENT_ID, SkipLink } from "@/components/ui/skip-link";
import { PendingApprovalBanner } from "@/features/auth/components/pending-approval-banner";
import { SuspensionBanner } from "@/features/auth/components/suspension-banner";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { MessagesButton } from "@/features/messaging/components/messages-button";
import { NotificationsDialog } from "@/features/notifications/components/notifications-dialog";
import { PerkPicker } from "@/features/partnerships/components/perk-picker";
import { LocationFilterButton } from "@/features/posts/components/location-filter-button";
import { openCreatePostDialog, useCreatePostDialog } from "@/features/posts/hooks/use-create-post-dialog";
import { useLocationFilterDialog } from "@/features/posts/hooks/use-location-filter";
import { useDevicePushSync } from "@/features/push/hooks/use-device-push-sync";
import { MessageMenu } from "@/features/reports/components/message-menu";
import { SearchBox } from "@/features/search/components/search-box";
import { canWrite } from "@/lib/can-write";
import { useInstanceName } from "@/lib/instance";
import { paths } from "@/lib/paths";
import { BottomTabBar } from "./bottom-tab-bar";
import { MessagePhotos } from "./message-photos";
import { OfflineBanner } from "./offline-banner";
import { UserMenu } from "./user-menu";

const messages = defineMessages({
  main: { id: "shell.header.main", defaultMessage: "Main" },
  search: { id: "shell.header.search", defaultMessage: "Search" },
  home: { id: "shell.header.home", defaultMessage: "Home" },
  events: { id: "shell.header.events", defaultMessage: "Events" },
  create: { id: "shell.header.create", defaultMessage: "Create" },
});

// The dialogs load on first use, keeping them out of the initial bundle.
const CreatePostDialog = lazy(() =>
  import("@/features/posts/components/create-post-dialog").then((module) => ({ default: module.CreatePostDialog })),
);
const LocationFilterDialog = lazy(() =>
  import("@/features/posts/components/location-filter-dialog").then((module) => ({
    default: module.LocationFilterDialog,
  })),
);

/**
 * Keeps `--app-chrome-height` on the shell: the height of the top bar and the banners under it (offline,
 * suspension, verify your email), which a page that fills the screen (the phone's conversation) subtracts. The
 * banners wrap to a height only the browser knows, so it is measured, and again whenever they change.
 */
function useChromeHeight(shell: RefObject<HTMLDivElement | null>, parts: RefObject<HTMLElement | null>[]): void {
  useLayoutEffect(() => {
    const elements = parts.map((part) => part.current).filter((element) => element !== null);
    const measure = () => {
      const height = elements.reduce((sum, element) => sum + element.getBoundingClientRect().height, 0);
      shell.current?.style.setProperty("--app-chrome-height", `${height}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const element of elements) observer.observe(element);
    return () => observer.disconnect();
  }, [shell, parts]);
}

/** The signed-in frame: the top navigation bar of docs/PRODUCT.md §2 above the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const intl = useIntl();
  const shellRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const bannersRef = useRef<HTMLDivElement>(null);
  const chromeParts = useRef([headerRef, bannersRef]).current;
  useChromeHeight(shellRef, chromeParts);
  useDevicePushSync(user?.id);
  const instanceName = useInstanceName();
  const createPost = useCreatePostDialog();
  const locationFilter = useLocationFilterDialog();
  // The dialogs mount from deferred copies of their open state: the click that opens one paints at once, and the
  // dialog's own render (its form, its focus trap) runs after it, in slices (INP, bench/results/history.md).
  const isCreatePostOpen = useDeferredValue(createPost.isOpen);
  const isLocationFilterOpen = useDeferredValue(locationFilter.isOpen);
  return (
    <div ref={shellRef} className="min-h-screen">
      <SkipLink />
      <header ref={headerRef} className="sticky top-0 z-20 border-b bg-surface">
        <nav
          className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-4"
          aria-label={intl.formatMessage(messages.main)}
        >
          <Link
            href={paths.home}
            aria-label={instanceName}
            className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 text-lg font-bold text-brand-600"
          >
            <MapPin aria-hidden className="h-5 w-5" />
            <span className="hidden sm:inline">{instanceName}</span>
          </Link>
          <div className="hidden min-w-0 flex-1 md:block">
            <SearchBox />
          </div>
          <div className="ms-auto flex items-center gap-1 sm:gap-2">
            {/* Phones: search is a button to the search page (the box would not fit); Home, Messages and Create
                are in the bottom tab bar there. */}
            <Button variant="ghost" size="icon" asChild className="md:hidden">
              <Link href={paths.search()} aria-label={intl.formatMessage(messages.search)}>
                <Search aria-hidden className="h-5 w-5" />
              </Link>
            </Button>
            <Button variant="ghost" size="icon" asChild className="hidden md:inline-flex">
              <Link href={paths.home} aria-label={intl.formatMessage(messages.home)}>
                <Home aria-hidden className="h-5 w-5" />
              </Link>
            </Button>
            {/* Phones reach Events from the account menu: the bottom tab bar already has five tabs. */}
            <Button variant="ghost" size="icon" asChild className="hidden md:inline-flex">
              <Link href={paths.events} aria-label={intl.formatMessage(messages.events)}>
                <CalendarDays aria-hidden className="h-5 w-5" />
              </Link>
            </Button>
            <LocationFilterButton />
            {user && <NotificationsDialog />}
            {user && (
              <MessagesButton
                className="hidden md:inline-flex"
                viewerId={user.id}
                renderMessageActions={(message) => <MessageMenu messageId={message.id} />}
                renderPhotos={(urls, senderName) => <MessagePhotos urls={urls} senderName={senderName} />}
              />
            )}
            {user && canWrite(user) && (
              <Button
                size="sm"
                onClick={openCreatePostDialog}
                aria-label={intl.formatMessage(messages.create)}
                className="hidden md:inline-flex"
              >
                <Plus aria-hidden />
                <span>{intl.formatMessage(messages.create)}</span>
              </Button>
            )}
            {user && <UserMenu user={user} />}
          </div>
        </nav>
      </header>
      <div ref={bannersRef}>
        <OfflineBanner />
        {user && <SuspensionBanner user={user} />}
        {user && <PendingApprovalBanner user={user} />}
        {user && !user.emailVerified && <VerifyEmailBanner email={user.email} />}
      </div>
      {/* Phones: the bottom padding clears the tab bar (3.5rem and the safe area) with 1.5rem to spare. */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto max-w-6xl px-3 pt-4 pb-[calc(5rem+env(safe-area-inset-bottom))] outline-none sm:px-4 sm:pt-6 md:pb-6"
      >
        {children}
      </main>
      {user && <BottomTabBar user={user} />}
      <Suspense fallback={null}>
        {isCreatePostOpen && (
          <CreatePostDialog
            canSellAccess={user ? canSellAccess(user.profileType) : false}
            renderPerkPicker={
              user?.profileType === "creator"
                ? (value, onChange) => <PerkPicker creatorId={user.id} value={value} onChange={onChange} />
                : undefined
            }
          />
        )}
        {isLocationFilterOpen && <LocationFilterDialog />}
      </Suspense>
    </div>
  );
}
