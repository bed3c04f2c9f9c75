import { displayName } from "@plaza/contracts/users";
import { INSTANCE_NAME, renderMail } from "../../lib/mail/layout";
import type { OutgoingMail } from "../../lib/mail/transport";

interface Recipient {
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** Mailed when an administrator approves an account that waited for approval. */
export function accountApprovedMail(user: Recipient, baseUrl: string): OutgoingMail {
  const url = `${baseUrl}/`;
  return {
    to: user.email,
    actionUrl: url,
    ...renderMail({
      subject: "Your account was approved",
      greeting: `Hi ${displayName(user)},`,
      paragraphs: [
        `Good news: an administrator of ${INSTANCE_NAME} approved your account. You can now post, follow people and send messages.`,
      ],
      action: { label: `Open ${INSTANCE_NAME}`, url },
    }),
  };
}

/** Mailed when an administrator rejects an account that waited for approval. */
export function accountRejectedMail(user: Recipient): OutgoingMail {
  return {
    to: user.email,
    ...renderMail({
      subject: "Your sign-up was not approved",
      greeting: `Hi ${displayName(user)},`,
      paragraphs: [
        `An administrator of ${INSTANCE_NAME} did not approve your sign-up, so your account cannot be used.`,
        "If you think this is a mistake, reply to the contact address on the instance's about page.",
      ],
    }),
  };
}
