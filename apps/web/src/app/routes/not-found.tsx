import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useNotFoundStatus } from "@/lib/page-status";
import { paths } from "@/lib/paths";

/** A div, not a <main>: signed in, it renders inside the app shell's main landmark. */
export default function NotFoundRoute() {
  useNotFoundStatus();
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-gray-600">The page you're looking for doesn't exist or has been moved.</p>
      <Button asChild className="mt-8">
        <Link href={paths.home}>Go Home</Link>
      </Button>
    </div>
  );
}
