import { displayName } from "@plaza/contracts/users";
import { INSTANCE_NAME, renderMail } from "../../lib/mail/layout";
import type { OutgoingMail } from "../../lib/mail/transport";

interface Recipient {
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

function greeting(user: Recipient): string {
  return `Hi ${displayName(user)},`;
}

function withAction(to: string, url: string, content: Parameters<typeof renderMail>[0]): OutgoingMail {
  return { to, actionUrl: url, ...renderMail(content) };
}

export function verificationMail(user: Recipient, url: string): OutgoingMail {
  return withAction(user.email, url, {
    subject: "Confirm your email address",
    greeting: greeting(user),
    paragraphs: [`Welcome to ${INSTANCE_NAME}! Please confirm that this is your email address.`],
    action: { label: "Confirm email address", url },
    footnote: `The link works for 24 hours. If you did not create a ${INSTANCE_NAME} account, you can ignore this mail.`,
  });
}

export function passwordResetMail(user: Recipient, url: string): OutgoingMail {
  return withAction(user.email, url, {
    subject: "Reset your password",
    greeting: greeting(user),
    paragraphs: [`Someone (hopefully you) asked to reset the password of your ${INSTANCE_NAME} account.`],
    action: { label: "Choose a new password", url },
    footnote:
      "The link works for 1 hour and only once. If you did not ask for it, ignore this mail: your password stays as it is.",
  });
}

export function emailChangeConfirmationMail(user: Recipient, newEmail: string, url: string): OutgoingMail {
  return withAction(newEmail, url, {
    subject: "Confirm your new email address",
    greeting: greeting(user),
    paragraphs: [`You asked to use this address for your ${INSTANCE_NAME} account. Confirm it to make the switch.`],
    action: { label: "Confirm new email address", url },
    footnote: "The link works for 24 hours. If you did not ask for this, ignore this mail.",
  });
}

export function emailChangeNoticeMail(user: Recipient, newEmail: string): OutgoingMail {
  const masked = newEmail.replace(/^(.).*(@.*)$/, "$1…$2");
  return {
    to: user.email,
    ...renderMail({
      subject: "Your email address is being changed",
      greeting: greeting(user),
      paragraphs: [
        `Someone signed in to your ${INSTANCE_NAME} account asked to change its email address to ${masked}.`,
        "Nothing changes until the new address is confirmed. If this was not you, change your password now and sign out your other sessions in Settings → Security.",
      ],
    }),
  };
}

export function passwordChangedMail(user: Recipient): OutgoingMail {
  return {
    to: user.email,
    ...renderMail({
      subject: "Your password was changed",
      greeting: greeting(user),
      paragraphs: [
        `The password of your ${INSTANCE_NAME} account was just changed, and your other sessions were signed out.`,
        'If this was not you, reset your password from the sign-in page ("Forgot password?") right away.',
      ],
    }),
  };
}

/** The notice mailed when two-factor sign-in is turned on or off (docs/PRODUCT.md: account changes are mailed). */
export function twoFactorChangedMail(user: Recipient, isEnabled: boolean): OutgoingMail {
  return {
    to: user.email,
    ...renderMail({
      subject: isEnabled ? "Two-factor sign-in was turned on" : "Two-factor sign-in was turned off",
      greeting: greeting(user),
      paragraphs: [
        isEnabled
          ? `Two-factor sign-in was just turned on for your ${INSTANCE_NAME} account: signing in now also asks for a code from your authenticator app.`
          : `Two-factor sign-in was just turned off for your ${INSTANCE_NAME} account: signing in now asks for the password only.`,
        "If this was not you, change your password now and sign out your other sessions in Settings → Security.",
      ],
    }),
  };
}
