import type { SelfUserView } from "@plaza/contracts/users";
import { displayName } from "@plaza/contracts/users.texts";
import { CalendarDays, LayoutDashboard, LogOut, Settings, Shield, Ticket, User, Wallet } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { signOut } from "@/lib/navigation";
import { paths } from "@/lib/paths";

const messages = defineMessages({
  menu: { id: "shell.user-menu.label", defaultMessage: "Account menu" },
  profile: { id: "shell.user-menu.profile", defaultMessage: "Profile" },
  events: { id: "shell.user-menu.events", defaultMessage: "Events" },
  wallet: { id: "shell.user-menu.wallet", defaultMessage: "Wallet" },
  coupons: { id: "shell.user-menu.coupons", defaultMessage: "My coupons" },
  business: { id: "shell.user-menu.business", defaultMessage: "Business Dashboard" },
  admin: { id: "shell.user-menu.admin", defaultMessage: "Admin Dashboard" },
  settings: { id: "shell.user-menu.settings", defaultMessage: "Settings" },
  logout: { id: "shell.user-menu.logout", defaultMessage: "Log out" },
});

/** Avatar menu of docs/PRODUCT.md §2: role-dependent entries (Business Dashboard, Admin Dashboard). */
export function UserMenu({ user }: { user: SelfUserView }) {
  const intl = useIntl();
  // The signed-in user's own view carries the flag (the same column GET /api/auth/superuser reads): no request of
  // its own on every page's first screen, and the Admin Dashboard entry is there as soon as the menu is.
  const isSuperuser = user.isSuperuser;
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={intl.formatMessage(messages.menu)}>
          <Avatar className="h-9 w-9">
            {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
            <AvatarFallback>{(user.firstName ?? user.username).charAt(0).toUpperCase()}</AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{name}</span>
          <span className="block truncate text-xs font-normal text-gray-500">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.profile(user.id)}>
            <User aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.profile)}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.events}>
            <CalendarDays aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.events)}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.wallet}>
            <Wallet aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.wallet)}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.coupons}>
            <Ticket aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.coupons)}
          </Link>
        </DropdownMenuItem>
        {user.profileType === "business" && (
          <DropdownMenuItem asChild>
            <Link href={paths.businessDashboard}>
              <LayoutDashboard aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.business)}
            </Link>
          </DropdownMenuItem>
        )}
        {isSuperuser && (
          <DropdownMenuItem asChild>
            <Link href={paths.admin}>
              <Shield aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.admin)}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link href={paths.settings}>
            <Settings aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.settings)}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.logout)}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
