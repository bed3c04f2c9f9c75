// The texts of the mails Plaza sends (account security, sign-up approval, moderation, notifications): English as
// written here, translated for each recipient by the server (apps/api/src/lib/texts.ts, the texts catalogs). A
// function's argument is a value put into the sentence as it is: a name, a link, the instance's name.

export const MAIL_TEXTS = {
  greeting: (name: string) => `Hi ${name},`,
  pasteLink: "Or paste this link into your browser:",
  verification: {
    subject: "Confirm your email address",
    body: (instance: string) => `Welcome to ${instance}! Please confirm that this is your email address.`,
    action: "Confirm email address",
    footnote: (instance: string) =>
      `The link works for 24 hours. If you did not create a ${instance} account, you can ignore this mail.`,
  },
  passwordReset: {
    subject: "Reset your password",
    body: (instance: string) => `Someone (hopefully you) asked to reset the password of your ${instance} account.`,
    action: "Choose a new password",
    footnote:
      "The link works for 1 hour and only once. If you did not ask for it, ignore this mail: your password stays as it is.",
  },
  emailChange: {
    subject: "Confirm your new email address",
    body: (instance: string) =>
      `You asked to use this address for your ${instance} account. Confirm it to make the switch.`,
    action: "Confirm new email address",
    footnote: "The link works for 24 hours. If you did not ask for this, ignore this mail.",
  },
  emailChangeNotice: {
    subject: "Your email address is being changed",
    body: (instance: string, masked: string) =>
      `Someone signed in to your ${instance} account asked to change its email address to ${masked}.`,
    advice:
      "Nothing changes until the new address is confirmed. If this was not you, change your password now and sign out your other sessions in Settings → Security.",
  },
  passwordChanged: {
    subject: "Your password was changed",
    body: (instance: string) =>
      `The password of your ${instance} account was just changed, and your other sessions were signed out.`,
    advice: 'If this was not you, reset your password from the sign-in page ("Forgot password?") right away.',
  },
  twoFactor: {
    subjectOn: "Two-factor sign-in was turned on",
    subjectOff: "Two-factor sign-in was turned off",
    bodyOn: (instance: string) =>
      `Two-factor sign-in was just turned on for your ${instance} account: signing in now also asks for a code from your authenticator app.`,
    bodyOff: (instance: string) =>
      `Two-factor sign-in was just turned off for your ${instance} account: signing in now asks for the password only.`,
    advice: "If this was not you, change your password now and sign out your other sessions in Settings → Security.",
  },
  accountApproved: {
    subject: "Your account was approved",
    body: (instance: string) =>
      `Good news: an administrator of ${instance} approved your account. You can now post, follow people and send messages.`,
    action: (instance: string) => `Open ${instance}`,
  },
  accountRejected: {
    subject: "Your sign-up was not approved",
    body: (instance: string) =>
      `An administrator of ${instance} did not approve your sign-up, so your account cannot be used.`,
    advice: "If you think this is a mistake, reply to the contact address on the instance's about page.",
  },
  notice: {
    subject: "A moderator acted on your account",
    rule: (rule: string) => `Rule: ${rule}`,
    post: (preview: string) => `Post: “${preview}”`,
    moderatorWrote: (note: string) => `The moderator wrote: ${note}`,
    appeal: (days: number) => `If you think this is a mistake, you may appeal once within ${days} days.`,
    action: "Read the notice",
  },
  appealDecision: {
    subjectGranted: "Your appeal was granted",
    subjectDenied: "Your appeal was denied",
    granted: "A moderator read your appeal and reversed the action.",
    denied: "A moderator read your appeal and kept the decision.",
  },
  notification: {
    footnote: (instance: string, unsubscribeUrl: string) =>
      `You get this mail because email notifications are on in your ${instance} settings. Turn them off with one click: ${unsubscribeUrl}`,
    unreadSubject: (who: string) => `${who} sent you a message`,
    unreadSentence: (who: string, instance: string) =>
      `${who} sent you a message on ${instance} that you haven't read yet`,
    readMessage: "Read the message",
  },
} as const;
