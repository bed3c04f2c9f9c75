import { INSTANCE_DEFAULTS, SIGN_UP_CLOSED_NOTICE } from "@plaza/contracts/instance.texts";
import { BadgeCheck, Heart, MapPin, Ticket, UserCircle, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LegalLinks } from "@/components/ui/legal-links";
import { MAIN_CONTENT_ID, SkipLink } from "@/components/ui/skip-link";
import { useInstance } from "@/lib/instance";
import { goToLogin, goToSignUp } from "@/lib/navigation";
import { COPYRIGHT_YEAR } from "@/lib/ui-constants";

const FEATURES = [
  {
    icon: MapPin,
    title: "Local Discovery",
    description: "Find restaurants, cafes, shops and events around you, rated by people who really went there.",
  },
  {
    icon: Heart,
    title: "Creator Support",
    description: "Creators earn through tips, subscriptions and pay-per-view content, with no platform cut.",
  },
  {
    icon: Ticket,
    title: "Smart Coupons",
    description: "Businesses offer coupons that require real check-ins and reviews, so deals reward real visits.",
  },
  {
    icon: Users,
    title: "Friend-Based Recommendations",
    description: "Your friends' check-ins and reviews drive what you see, not anonymous strangers.",
  },
  {
    icon: UserCircle,
    title: "Multiple Profile Types",
    description: "Join as a person, a creator or a business, each with the tools it needs.",
  },
  {
    icon: BadgeCheck,
    title: "Verified Experience",
    description:
      "Check-ins and reviews go through a two-step verification: your location and the code shown at the venue.",
  },
] as const;

const STEPS = [
  { title: "Discover and check in", description: "Find places near you and check in when you visit." },
  { title: "Rate and review", description: "Rate your visit 1-5 stars, with an optional review." },
  {
    title: "Redeem, tip and grow",
    description: "Redeem coupons, tip creators and build your local reputation.",
  },
] as const;

export function LandingPage() {
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
              Sign in
            </Button>
            <Button onClick={goToSignUp}>Get Started</Button>
          </div>
        </div>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
        <section className="bg-gradient-to-b from-brand-50 to-surface px-4 py-16 text-center sm:py-24">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">
            Your neighbourhood, your people, your creators
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600">
            {name} brings local discovery, a social network and creator income together. Check in at places you love,
            follow friends, support creators and unlock coupons that reward real visits.
          </p>
          {isClosed && (
            <p
              role="status"
              className="mx-auto mt-6 max-w-xl rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900"
            >
              {SIGN_UP_CLOSED_NOTICE}
            </p>
          )}
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button size="lg" onClick={goToSignUp}>
              Join the product
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => document.getElementById("features")?.scrollIntoView({ behavior: "smooth" })}
            >
              Learn More
            </Button>
          </div>
        </section>

        <section id="features" className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-title">
          <h2 id="features-title" className="text-center text-3xl font-bold">
            Everything local, in one place
          </h2>
          <div className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <Card key={feature.title}>
                <CardHeader>
                  <feature.icon aria-hidden className="h-8 w-8 text-brand-600" />
                  <CardTitle className="mt-2">{feature.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription>{feature.description}</CardDescription>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>

        <section className="bg-gray-50 px-4 py-16" aria-labelledby="how-title">
          <div className="mx-auto max-w-6xl">
            <h2 id="how-title" className="text-center text-3xl font-bold">
              How It Works
            </h2>
            <ol className="mt-10 grid grid-cols-1 gap-8 md:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step.title} className="text-center">
                  <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-white">
                    {index + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-2 text-gray-600">{step.description}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="px-4 py-16 text-center">
          <h2 className="text-3xl font-bold">Ready to explore your city?</h2>
          <p className="mx-auto mt-4 max-w-xl text-gray-600">
            Join your neighbours, the creators you love and the places around the corner.
          </p>
          <Button size="lg" className="mt-8" onClick={goToSignUp}>
            Get Started for Free
          </Button>
        </section>
      </main>

      <footer className="border-t px-4 py-8 text-center text-sm text-gray-500">
        <p>
          © {COPYRIGHT_YEAR} {name}. All rights reserved.
        </p>
        <LegalLinks />
      </footer>
    </div>
  );
}
