import type { UserSummaryView } from "@plaza/contracts/users";
import { displayName } from "@plaza/contracts/users.texts";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";

/** A person as the admin screens show them: photo, name and @username, linking to their profile. */
export function UserChip({
  user,
  size = "sm",
  className,
}: {
  user: Pick<UserSummaryView, "id" | "username" | "firstName" | "lastName" | "profileImageUrl">;
  size?: "sm" | "md";
  className?: string;
}) {
  const name = displayName(user);
  return (
    <Link
      href={paths.profile(user.id)}
      className={cn("inline-flex max-w-full min-w-0 items-center gap-2 align-middle hover:underline", className)}
      data-testid="admin-user-link"
    >
      <Avatar aria-hidden className={size === "md" ? "h-10 w-10" : "h-6 w-6"}>
        {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
        <AvatarFallback className="text-xs">{name.charAt(0).toUpperCase()}</AvatarFallback>
      </Avatar>
      <span className="min-w-0 wrap-anywhere">
        <span className="font-medium" data-name>
          {name}
        </span>{" "}
        <span className="text-gray-500">
          <bdi dir="ltr">@{user.username}</bdi>
        </span>
      </span>
    </Link>
  );
}
