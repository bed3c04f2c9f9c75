/**
 * The privacy policy a new install starts with (seeded once when no privacy policy is active): what Plaza itself
 * stores and why, as the code does it. An instance's superuser publishes its own version in the admin console.
 */
export const DEFAULT_PRIVACY_POLICY = {
  title: "Plaza Privacy Policy",
  version: "1.0",
  content: `This policy says what this Plaza instance stores about you, why, and what you can do about it.

1. Your account
Your email address, username, name, password (stored only as an argon2id hash, never readable), profile photo, bio, city and the settings you choose. Each signed-in session keeps its start time, last use and your browser's name, so you can see and end your sessions in the settings. If you turn on two-factor sign-in, its secret and your recovery codes (stored hashed) are kept with your account.

2. What you publish
Your posts, pictures and videos, comments, likes, follows, reviews and direct messages, so that the service can show them to the people you choose. Pictures are re-encoded when you upload them, which removes their hidden metadata (such as the camera's location). Who sees your content follows your account's visibility and your blocks.

3. Places and positions
A post's place is stored snapped to the centre of a grid cell of about 500 m, so nobody can locate it more precisely. A check-in stores the position you checked in from and its distance from the business, only to verify that you were there; it is never shown to other people. Your own position is used for "near you" and the map while you use them, and stored only if you turn on location sharing in your settings.

4. Payments
Tips, unlocks and subscriptions are paid through the payment provider (for example Stripe). Your card details go to the provider, never to Plaza. Plaza keeps the amounts, dates and who paid whom, as a ledger that the law requires to be kept.

5. Mail and notifications
Plaza sends you mail to verify your address, reset your password and, if you allow it, about tips, subscribers and unread messages. A mail's text is deleted once it has been sent, and the record that it was sent after 7 days. Every notification mail has a one-click unsubscribe link. Web Push notifications are sent only to the devices you allow.

6. Safety and abuse prevention
Reports you file, moderators' decisions and a log of administrators' actions are kept to run the service safely. Your network address is used to count requests against rate limits and is not stored with your account.

7. No trackers, no selling
Plaza has no advertising, no third-party analytics and no tracking scripts, and it does not sell your data. Maps load their tiles from the map server this instance is configured with, which sees your network address like any website you visit.

8. Your rights
You can download all your data from the settings at any time, correct your profile, and schedule the deletion of your account: it is deleted after a 7-day grace period in which you can cancel. Payment records that the law requires are kept without your name.

9. Changes
When this policy changes, a new version is published on this page.`,
} as const;
