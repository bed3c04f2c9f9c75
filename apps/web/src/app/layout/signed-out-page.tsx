import { MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useInstanceName } from "@/lib/instance";
import { paths } from "@/lib/paths";

/**
 * The frame of a signed-out document page (the privacy policy, the user agreement): the brand links back to the
 * landing page, as on the sign-in and account pages. Signed in, the app shell's header does that instead.
 */
export function SignedOutPage({ children }: { children: ReactNode }) {
  const instanceName = useInstanceName();
  return (
    <>
      <header className="mx-auto max-w-3xl px-4 pt-6">
        <Link
          href={paths.home}
          className="inline-flex min-h-11 items-center gap-2 text-xl font-bold text-brand-600 hover:underline"
        >
          <MapPin aria-hidden className="h-6 w-6" /> {instanceName}
        </Link>
      </header>
      <main>{children}</main>
    </>
  );
}
