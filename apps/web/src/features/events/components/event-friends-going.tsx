import type { EventView } from "@plaza/contracts/events";
import { EVENT_TEXTS, friendsGoingText } from "@plaza/contracts/events.texts";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";

/** The people the viewer follows who are going: their faces (each links to the profile) and a sentence. */
export function EventFriendsGoing({ event, profilePath }: { event: EventView; profilePath: (id: string) => string }) {
  if (event.friendsGoingCount === 0) return null;
  const names = event.friendsGoing.map((person) => person.name);
  return (
    <section aria-label={EVENT_TEXTS.friendsGoing} data-testid="friends-going" className="flex items-center gap-3">
      <ul className="flex shrink-0 -space-x-2">
        {event.friendsGoing.map((person) => (
          <li key={person.id}>
            <Link
              href={profilePath(person.id)}
              aria-label={person.name}
              className="flex size-11 items-center justify-center rounded-full"
            >
              <Avatar className="h-9 w-9 ring-2 ring-surface">
                {person.profileImageUrl && <AvatarImage src={person.profileImageUrl} alt={person.name} />}
                <AvatarFallback>{person.name.charAt(0).toUpperCase()}</AvatarFallback>
              </Avatar>
            </Link>
          </li>
        ))}
      </ul>
      <p className="min-w-0 text-sm wrap-anywhere">{friendsGoingText(names, event.friendsGoingCount)}</p>
    </section>
  );
}
