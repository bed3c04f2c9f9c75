/** The agreement a new install starts with (seeded once when no active agreement exists). */
export const DEFAULT_AGREEMENT = {
  title: "Plaza User Agreement",
  version: "1.0",
  content: `Welcome to Plaza. By using Plaza you agree to the terms below.

1. Your content and your actions
Plaza is a platform on which people publish their own content and interact with each other and with local businesses. Plaza is not liable for content that users publish or for the actions of users, on or off the platform.

2. Visibility
All content you publish is public unless you mark it private or limit your account's visibility in your settings.

3. How Plaza uses your content
Plaza may store, copy, resize and display your content for the functional and display purposes of the service (for example to show your posts in feeds, on your profile and in search).

4. Ownership
You keep ownership of everything you publish. You grant Plaza a worldwide, non-exclusive, royalty-free permission to use your content for operating and presenting the service. This permission ends when you delete the content or your account, except where others have already shared it or the law requires us to keep it.

5. Payments
Tips, pay-per-view unlocks and subscriptions are paid to creators in full; Plaza takes no platform cut. Payments are final unless the law says otherwise.

6. Businesses, check-ins and coupons
Check-ins and reviews must reflect real visits. Coupons require a verified check-in and are offered by businesses, not by Plaza.

7. Rules of conduct
Do not publish unlawful, hateful, harassing or misleading content, do not impersonate others, and do not abuse the service or other people's accounts.

8. Suspension and termination
Plaza may suspend or terminate accounts that violate this agreement or the law.

9. Your privacy and your account
You can export your data at any time and schedule the deletion of your account from the settings; deletion takes effect after a 7-day grace period during which you can cancel it.

10. Changes
When this agreement changes, a new version is published and you will be asked to accept it.`,
} as const;
