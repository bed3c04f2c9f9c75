import type { EventView } from "@plaza/contracts/events";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";

const messages = defineMessages({
  label: { id: "events.friendsGoing.label", defaultMessage: "Friends going" },
  text: defineMessage<{ name: string; others: number }>({
    id: "events.friendsGoing.text",
    defaultMessage:
      "{others, plural, =0 {{name} is going} one {{name} and # other friend are going} other {{name} and # other friends are going}}",
  }),
});

/** The people the viewer follows who are going: their faces (each links to the profile) and a sentence. */
export function EventFriendsGoing({ event, profilePath }: { event: EventView; profilePath: (id: string) => string }) {
  const intl = useIntl();
  if (event.friendsGoingCount === 0) return null;
  const [first] = event.friendsGoing;
  return (
    <section
      aria-label={intl.formatMessage(messages.label)}
      data-testid="friends-going"
      className="flex items-center gap-3"
    >
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
      <p className="min-w-0 text-sm wrap-anywhere">
        {first ? intl.formatMessage(messages.text, { name: first.name, others: event.friendsGoingCount - 1 }) : ""}
      </p>
    </section>
  );
}
