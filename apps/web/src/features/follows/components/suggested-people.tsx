import { displayName, PROFILE_TYPE_LABELS } from "@plaza/contracts/users";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { SkeletonList } from "@/components/ui/skeleton";
import { useSuggestedUsers } from "../api/suggested-users";
import { FollowButton } from "./follow-button";

const followersText = (count: number) => `${count} ${count === 1 ? "follower" : "followers"}`;

/** People to follow, each with a Follow button: what a new account's home offers before its feed has anything. */
export function SuggestedPeople({ limit = 6 }: { limit?: number }) {
  const suggested = useSuggestedUsers(limit);
  if (suggested.isLoading) return <SkeletonList label="Loading suggestions..." count={3} hasAvatar />;
  const people = suggested.data ?? [];
  if (people.length === 0) return <p className="text-sm text-gray-600">No suggestions right now.</p>;
  return (
    <ul className="divide-y" aria-label="People to follow">
      {people.map((person) => {
        const name = displayName(person);
        return (
          <li key={person.id} className="flex items-center gap-3 py-3">
            <Avatar className="h-10 w-10 shrink-0">
              {person.profileImageUrl && <AvatarImage src={person.profileImageUrl} alt="" />}
              <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
            </Avatar>
            <div className="min-w-0 flex-1">
              <Link href={`/profile/${person.id}`} className="font-medium wrap-anywhere hover:underline" data-name>
                {name}
              </Link>
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-gray-600">
                <span>{followersText(person.followersCount)}</span>
                {person.profileType !== "personal" && (
                  <Badge variant="secondary">{PROFILE_TYPE_LABELS[person.profileType]}</Badge>
                )}
                {person.isNearby && <span>Near you</span>}
              </p>
            </div>
            <FollowButton userId={person.id} isSignedIn />
          </li>
        );
      })}
    </ul>
  );
}
