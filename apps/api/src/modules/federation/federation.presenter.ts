import type { Context } from "@fedify/fedify";
import {
  Create,
  type CryptographicKey,
  Delete,
  Endpoints,
  Image,
  type Multikey,
  Note,
  Organization,
  Person,
  PUBLIC_COLLECTION,
  Tombstone,
  Update,
} from "@fedify/vocab";
import { Temporal as TemporalPolyfill } from "@js-temporal/polyfill";
import { displayName } from "@plaza/contracts/users";
import type { ActorRow, NoteRow } from "./federation.repository";

/** The web page of a Plaza address, on the public origin. */
const pageUrl = (context: Context<unknown>, path: string) => new URL(path, context.canonicalOrigin);

/** A date as the Temporal.Instant the vocabulary takes (Node has no Temporal yet: Fedify runs on the same polyfill). */
const instantOf = (date: Date) =>
  TemporalPolyfill.Instant.fromEpochMilliseconds(date.getTime()) as unknown as Temporal.Instant;

/** Plain text as HTML paragraphs: every character that means something in HTML escaped, blank lines split paragraphs. */
export function plainTextToHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  return escaped
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * A Plaza account as an ActivityPub actor: a business an Organization, anyone else a Person; an account that is not
 * public approves its followers by hand.
 */
export function presentActor(
  context: Context<unknown>,
  user: NonNullable<ActorRow>,
  keys: { publicKey: CryptographicKey | null; assertionMethods: Multikey[] },
) {
  const values = {
    id: context.getActorUri(user.id),
    preferredUsername: user.username,
    name: displayName(user),
    summary: user.bio ? plainTextToHtml(user.bio) : null,
    url: pageUrl(context, `/profile/${user.id}`),
    icon: user.profileImageUrl ? new Image({ url: pageUrl(context, user.profileImageUrl) }) : null,
    inbox: context.getInboxUri(user.id),
    outbox: context.getOutboxUri(user.id),
    followers: context.getFollowersUri(user.id),
    endpoints: new Endpoints({ sharedInbox: context.getInboxUri() }),
    publicKey: keys.publicKey,
    assertionMethods: keys.assertionMethods,
    manuallyApprovesFollowers: user.accountVisibility !== "public",
    discoverable: true,
    published: instantOf(user.createdAt),
  };
  return user.profileType === "business" ? new Organization(values) : new Person(values);
}

/** A post as a Note addressed to everyone, its author's followers in copy. */
export function presentNote(context: Context<unknown>, post: NoteRow): Note {
  const text = post.title ? `${post.title}\n\n${post.content}` : post.content;
  return new Note({
    id: context.getObjectUri(Note, { id: post.id }),
    attribution: context.getActorUri(post.authorId),
    to: PUBLIC_COLLECTION,
    cc: context.getFollowersUri(post.authorId),
    content: plainTextToHtml(text),
    url: pageUrl(context, `/posts/${post.id}`),
    published: instantOf(post.createdAt),
    updated: post.editedAt ? instantOf(post.editedAt) : null,
  });
}

/**
 * The Create that publishes a post (its id derived from the Note's: one per post). `round` names a later one (a post
 * a moderator hid, shown again): servers skip an activity id they have seen, so each round has its own.
 */
export function presentCreate(context: Context<unknown>, post: NoteRow, round?: number): Create {
  const note = presentNote(context, post);
  return new Create({
    id: new URL(round === undefined ? "#create" : `#create/${round}`, note.id ?? undefined),
    actor: context.getActorUri(post.authorId),
    to: PUBLIC_COLLECTION,
    cc: context.getFollowersUri(post.authorId),
    object: note,
    published: note.published,
  });
}

/** The Update of an edited post (its id names the edit's time: each edit is its own activity). */
export function presentUpdate(context: Context<unknown>, post: NoteRow): Update {
  const note = presentNote(context, post);
  return new Update({
    id: new URL(`#updates/${(post.editedAt ?? post.createdAt).getTime()}`, note.id ?? undefined),
    actor: context.getActorUri(post.authorId),
    to: PUBLIC_COLLECTION,
    cc: context.getFollowersUri(post.authorId),
    object: note,
    updated: note.updated,
  });
}

/** The Delete of a post that is gone: a Tombstone in the Note's place (`round` as for presentCreate). */
export function presentDelete(
  context: Context<unknown>,
  post: { id: string; authorId: string },
  round?: number,
): Delete {
  const noteId = context.getObjectUri(Note, { id: post.id });
  return new Delete({
    id: new URL(round === undefined ? "#delete" : `#delete/${round}`, noteId),
    actor: context.getActorUri(post.authorId),
    to: PUBLIC_COLLECTION,
    cc: context.getFollowersUri(post.authorId),
    object: new Tombstone({ id: noteId }),
  });
}
