import { EVENT_INVITATIONS_MAX } from "@plaza/contracts/events.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { Check, UserPlus, X } from "lucide-react";
import { useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useInviteToEvent } from "../api/invite-to-event";
import { useSearchPeople } from "../api/search-people";

const messages = defineMessages({
  invite: { id: "events.invite.open", defaultMessage: "Invite people" },
  title: { id: "events.invite.title", defaultMessage: "Invite people" },
  hint: {
    id: "events.invite.hint",
    defaultMessage: "Invited people can see this event and answer it, even when it is invite-only.",
  },
  search: { id: "events.invite.search", defaultMessage: "Search people" },
  chosen: { id: "events.invite.chosen", defaultMessage: "Chosen" },
  remove: defineMessage<{ name: string }>({ id: "events.invite.remove", defaultMessage: "Remove {name}" }),
  send: { id: "events.invite.send", defaultMessage: "Send invitations" },
  invited: defineMessage<{ count: number }>({
    id: "events.invite.invited",
    defaultMessage: "{count, plural, one {# person invited} other {# people invited}}",
  }),
  failed: { id: "events.invite.failed", defaultMessage: "Could not send the invitations." },
});

interface Invitee {
  id: string;
  name: string;
}

/**
 * A host's "Invite people": search people by name, pick them, send. Invited people may see the event and answer
 * it (an invite-only event included), and are notified once.
 */
export function EventInviteDialog({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<Invitee[]>([]);
  const people = useSearchPeople(text);
  const invite = useInviteToEvent(eventId);
  const chosenIds = new Set(chosen.map((person) => person.id));
  const toggle = (person: Invitee) =>
    setChosen((current) =>
      chosenIds.has(person.id)
        ? current.filter((other) => other.id !== person.id)
        : [...current, person].slice(0, EVENT_INVITATIONS_MAX),
    );
  const close = (open: boolean) => {
    setIsOpen(open);
    if (!open) {
      setText("");
      setChosen([]);
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
        <UserPlus aria-hidden /> {intl.formatMessage(messages.invite)}
      </Button>
      <Dialog open={isOpen} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
            <DialogDescription>{intl.formatMessage(messages.hint)}</DialogDescription>
          </DialogHeader>
          <Input
            type="search"
            aria-label={intl.formatMessage(messages.search)}
            placeholder={intl.formatMessage(messages.search)}
            value={text}
            onChange={(change) => setText(change.target.value)}
          />
          {chosen.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage(messages.chosen)}>
              {chosen.map((person) => (
                <li key={person.id}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => toggle(person)}
                    aria-label={intl.formatMessage(messages.remove, { name: person.name })}
                  >
                    {person.name} <X aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <ul className="max-h-64 space-y-1 overflow-y-auto">
            {(people.data?.people ?? []).map((person) => {
              const name = displayName(person);
              const isChosen = chosenIds.has(person.id);
              return (
                <li key={person.id}>
                  <button
                    type="button"
                    aria-pressed={isChosen}
                    className="flex min-h-11 w-full items-center gap-3 rounded-md p-2 text-start hover:bg-gray-50"
                    onClick={() => toggle({ id: person.id, name })}
                  >
                    <Avatar className="h-8 w-8">
                      {person.profileImageUrl && <AvatarImage src={person.profileImageUrl} alt="" />}
                      <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
                    </Avatar>
                    <span className="min-w-0 flex-1 truncate">{name}</span>
                    {isChosen && <Check aria-hidden className="h-4 w-4 text-brand-600" />}
                  </button>
                </li>
              );
            })}
          </ul>
          <DialogFooter>
            <Button
              disabled={chosen.length === 0 || invite.isPending}
              onClick={() =>
                invite.mutate(
                  chosen.map((person) => person.id),
                  {
                    onSuccess: (answer) => {
                      toast({ title: intl.formatMessage(messages.invited, { count: answer.invitedCount }) });
                      close(false);
                    },
                    onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)),
                  },
                )
              }
            >
              {intl.formatMessage(messages.send)}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
