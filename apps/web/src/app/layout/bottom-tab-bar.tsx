import type { SelfUserView } from "@plaza/contracts/users";
import { Compass, Home, MessageCircle, Plus, User } from "lucide-react";
import type { ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import { useUnreadCount } from "@/features/messaging/api/get-unread-count";
import { openCreatePostDialog } from "@/features/posts/hooks/use-create-post-dialog";
import { canWrite } from "@/lib/can-write";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";

const messages = defineMessages({
  tabs: { id: "shell.tab-bar.tabs", defaultMessage: "Tabs" },
  home: { id: "shell.tab-bar.home", defaultMessage: "Home" },
  discover: { id: "shell.tab-bar.discover", defaultMessage: "Discover" },
  create: { id: "shell.tab-bar.create", defaultMessage: "Create" },
  messages: { id: "shell.tab-bar.messages", defaultMessage: "Messages" },
  unread: { id: "shell.tab-bar.unread", defaultMessage: "unread" },
  profile: { id: "shell.tab-bar.profile", defaultMessage: "Profile" },
});

const tabClasses =
  "flex min-w-0 flex-1 cursor-pointer flex-col items-center justify-center gap-0.5 text-[11px] font-medium text-gray-600 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500";

function TabLink({ href, label, icon, isActive }: { href: string; label: string; icon: ReactNode; isActive: boolean }) {
  return (
    <Link
      href={href}
      aria-current={isActive ? "page" : undefined}
      className={cn(tabClasses, isActive && "text-brand-600")}
    >
      {icon}
      <span>{label}</span>
    </Link>
  );
}

/**
 * The phone's bottom tab bar (below 768 px, like Instagram): Home, Discover, Create, Messages (with the unread
 * count) and Profile. Wider screens have the same destinations in the top bar.
 */
export function BottomTabBar({ user }: { user: SelfUserView }) {
  const intl = useIntl();
  const [path] = useLocation();
  const unread = useUnreadCount().data?.count ?? 0;
  const profilePath = paths.profile(user.id);
  return (
    <nav
      aria-label={intl.formatMessage(messages.tabs)}
      data-tab-bar
      className="fixed inset-x-0 bottom-0 z-20 border-t bg-surface pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <div className="mx-auto flex h-14 max-w-lg items-stretch">
        <TabLink
          href="/"
          label={intl.formatMessage(messages.home)}
          icon={<Home aria-hidden className="h-5 w-5" />}
          isActive={path === "/"}
        />
        <TabLink
          href={paths.discover}
          label={intl.formatMessage(messages.discover)}
          icon={<Compass aria-hidden className="h-5 w-5" />}
          isActive={path === paths.discover}
        />
        {/* A suspended account cannot post: no Create tab that could only fail. */}
        {canWrite(user) && (
          <button type="button" onClick={openCreatePostDialog} className={tabClasses}>
            <span className="flex h-7 w-9 items-center justify-center rounded-lg bg-primary text-white">
              <Plus aria-hidden className="h-5 w-5" />
            </span>
            <span>{intl.formatMessage(messages.create)}</span>
          </button>
        )}
        <TabLink
          href={paths.messages}
          label={intl.formatMessage(messages.messages)}
          isActive={path.startsWith(paths.messages)}
          icon={
            <span className="relative">
              <MessageCircle aria-hidden className="h-5 w-5" />
              {unread > 0 && (
                <span className="absolute -top-1.5 -end-2.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-white">
                  {unread > 99 ? `${intl.formatNumber(99)}+` : intl.formatNumber(unread)}
                  <span className="sr-only"> {intl.formatMessage(messages.unread)}</span>
                </span>
              )}
            </span>
          }
        />
        <TabLink
          href={profilePath}
          label={intl.formatMessage(messages.profile)}
          icon={<User aria-hidden className="h-5 w-5" />}
          isActive={path === profilePath}
        />
      </div>
    </nav>
  );
}
