import { INSTANCE_DEFAULTS } from "@plaza/contracts/instance.texts";
import { BadgeCheck, Heart, MapPin, Ticket, UserCircle, Users } from "lucide-react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LegalLinks } from "@/components/ui/legal-links";
import { MAIN_CONTENT_ID, SkipLink } from "@/components/ui/skip-link";
import { LanguagePicker } from "@/i18n/language-picker";
import { useInstance } from "@/lib/instance";
import { goToLogin, goToSignUp } from "@/lib/navigation";
import { COPYRIGHT_YEAR } from "@/lib/ui-constants";

const messages = defineMessages({
  signIn: { id: "landing.header.signIn", defaultMessage: "Sign in" },
  getStarted: { id: "landing.header.getStarted", defaultMessage: "Get Started" },
  heroTitle: { id: "landing.hero.title", defaultMessage: "Your neighbourhood, your people, your creators" },
  heroText: defineMessage<{ name: string }>({
    id: "landing.hero.text",
    defaultMessage:
      "{name} brings local discovery, a social network and creator income together. Check in at places you love, follow friends, support creators and unlock coupons that reward real visits.",
  }),
  // The web's own words for the contracts' SIGN_UP_CLOSED_NOTICE (same English).
  closedNotice: {
    id: "landing.hero.closedNotice",
    defaultMessage: "Sign-up is closed right now. Existing members can still sign in.",
  },
  join: { id: "landing.hero.join", defaultMessage: "Join the product" },
  learnMore: { id: "landing.hero.learnMore", defaultMessage: "Learn More" },
  featuresTitle: { id: "landing.features.title", defaultMessage: "Everything local, in one place" },
  howTitle: { id: "landing.how.title", defaultMessage: "How It Works" },
  readyTitle: { id: "landing.ready.title", defaultMessage: "Ready to explore your city?" },
  readyText: {
    id: "landing.ready.text",
    defaultMessage: "Join your neighbours, the creators you love and the places around the corner.",
  },
  readyButton: { id: "landing.ready.button", defaultMessage: "Get Started for Free" },
  copyright: defineMessage<{ year: string; name: string }>({
    id: "landing.footer.copyright",
    defaultMessage: "© {year} {name}. All rights reserved.",
  }),
});

const FEATURES = [
  {
    icon: MapPin,
    ...defineMessages({
      title: { id: "landing.features.discovery.title", defaultMessage: "Local Discovery" },
      description: {
        id: "landing.features.discovery.description",
        defaultMessage: "Find restaurants, cafes, shops and events around you, rated by people who really went there.",
      },
    }),
  },
  {
    icon: Heart,
    ...defineMessages({
      title: { id: "landing.features.creators.title", defaultMessage: "Creator Support" },
      description: {
        id: "landing.features.creators.description",
        defaultMessage: "Creators earn through tips, subscriptions and pay-per-view content, with no platform cut.",
      },
    }),
  },
  {
    icon: Ticket,
    ...defineMessages({
      title: { id: "landing.features.coupons.title", defaultMessage: "Smart Coupons" },
      description: {
        id: "landing.features.coupons.description",
        defaultMessage:
          "Businesses offer coupons that require real check-ins and reviews, so deals reward real visits.",
      },
    }),
  },
  {
    icon: Users,
    ...defineMessages({
      title: { id: "landing.features.friends.title", defaultMessage: "Friend-Based Recommendations" },
      description: {
        id: "landing.features.friends.description",
        defaultMessage: "Your friends' check-ins and reviews drive what you see, not anonymous strangers.",
      },
    }),
  },
  {
    icon: UserCircle,
    ...defineMessages({
      title: { id: "landing.features.profiles.title", defaultMessage: "Multiple Profile Types" },
      description: {
        id: "landing.features.profiles.description",
        defaultMessage: "Join as a person, a creator or a business, each with the tools it needs.",
      },
    }),
  },
  {
    icon: BadgeCheck,
    ...defineMessages({
      title: { id: "landing.features.verified.title", defaultMessage: "Verified Experience" },
      description: {
        id: "landing.features.verified.description",
        defaultMessage:
          "Check-ins and reviews go through a two-step verification: your location and the code shown at the venue.",
      },
    }),
  },
] as const;

const STEPS = [
  defineMessages({
    title: { id: "landing.how.discover.title", defaultMessage: "Discover and check in" },
    description: {
      id: "landing.how.discover.description",
      defaultMessage: "Find places near you and check in when you visit.",
    },
  }),
  defineMessages({
    title: { id: "landing.how.rate.title", defaultMessage: "Rate and review" },
    description: {
      id: "landing.how.rate.description",
      defaultMessage: "Rate your visit 1-5 stars, with an optional review.",
    },
  }),
  defineMessages({
    title: { id: "landing.how.redeem.title", defaultMessage: "Redeem, tip and grow" },
    description: {
      id: "landing.how.redeem.description",
      defaultMessage: "Redeem coupons, tip creators and build your local reputation.",
    },
  }),
] as const;

export function LandingPage() {
  const intl = useIntl();
  const instance = useInstance();
  const name = instance.data?.name ?? INSTANCE_DEFAULTS.name;
  const isClosed = instance.data?.registrationMode === "closed";
  return (
    <div className="min-h-screen bg-surface">
      <SkipLink />
      <header className="sticky top-0 z-10 border-b bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <span className="flex items-center gap-2 text-xl font-bold text-brand-600">
            {instance.data?.logoUrl ? (
              <img src={instance.data.logoUrl} alt="" width={24} height={24} className="h-6 w-6 rounded object-cover" />
            ) : (
              <MapPin aria-hidden className="h-6 w-6" />
            )}{" "}
            {name}
          </span>
          <div className="flex items-center gap-2">
            <Button variant="ghost" onClick={() => goToLogin()}>
              {intl.formatMessage(messages.signIn)}
            </Button>
            <Button onClick={goToSignUp}>{intl.formatMessage(messages.getStarted)}</Button>
          </div>
        </div>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
        <section className="bg-gradient-to-b from-brand-50 to-surface px-4 py-16 text-center sm:py-24">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">
            {intl.formatMessage(messages.heroTitle)}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600">
            {intl.formatMessage(messages.heroText, { name })}
          </p>
          {isClosed && (
            <p
              role="status"
              className="mx-auto mt-6 max-w-xl rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900"
            >
              {intl.formatMessage(messages.closedNotice)}
            </p>
          )}
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button size="lg" onClick={goToSignUp}>
              {intl.formatMessage(messages.join)}
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => document.getElementById("features")?.scrollIntoView({ behavior: "smooth" })}
            >
              {intl.formatMessage(messages.learnMore)}
            </Button>
          </div>
        </section>

        <section id="features" className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-title">
          <h2 id="features-title" className="text-center text-3xl font-bold">
            {intl.formatMessage(messages.featuresTitle)}
          </h2>
          <div className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <Card key={feature.title.id}>
                <CardHeader>
                  <feature.icon aria-hidden className="h-8 w-8 text-brand-600" />
                  <CardTitle className="mt-2">{intl.formatMessage(feature.title)}</CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription>{intl.formatMessage(feature.description)}</CardDescription>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>

        <section className="bg-gray-50 px-4 py-16" aria-labelledby="how-title">
          <div className="mx-auto max-w-6xl">
            <h2 id="how-title" className="text-center text-3xl font-bold">
              {intl.formatMessage(messages.howTitle)}
            </h2>
            <ol className="mt-10 grid grid-cols-1 gap-8 md:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step.title.id} className="text-center">
                  <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-white">
                    {intl.formatNumber(index + 1)}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{intl.formatMessage(step.title)}</h3>
                  <p className="mt-2 text-gray-600">{intl.formatMessage(step.description)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="px-4 py-16 text-center">
          <h2 className="text-3xl font-bold">{intl.formatMessage(messages.readyTitle)}</h2>
          <p className="mx-auto mt-4 max-w-xl text-gray-600">{intl.formatMessage(messages.readyText)}</p>
          <Button size="lg" className="mt-8" onClick={goToSignUp}>
            {intl.formatMessage(messages.readyButton)}
          </Button>
        </section>
      </main>

      <footer className="border-t px-4 py-8 text-center text-sm text-gray-500">
        <p>{intl.formatMessage(messages.copyright, { year: String(COPYRIGHT_YEAR), name })}</p>
        <LegalLinks />
        {/* A visitor's language (CONTRACT.md "Every town's language"); its select a 44 px tap target on phones. */}
        <LanguagePicker signedIn={false} className="mt-2 flex justify-center" />
      </footer>
    </div>
  );
}
