import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useNotFoundStatus } from "@/lib/page-status";
import { paths } from "@/lib/paths";

const messages = defineMessages({
  title: { id: "shell.not-found.title", defaultMessage: "404 Page Not Found" },
  text: {
    id: "shell.not-found.text",
    defaultMessage: "The page you're looking for doesn't exist or has been moved.",
  },
  home: { id: "shell.not-found.home", defaultMessage: "Go Home" },
});

/** A div, not a <main>: signed in, it renders inside the app shell's main landmark. */
export default function NotFoundRoute() {
  const intl = useIntl();
  useNotFoundStatus();
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold">{intl.formatMessage(messages.title)}</h1>
      <p className="mt-4 text-gray-600">{intl.formatMessage(messages.text)}</p>
      <Button asChild className="mt-8">
        <Link href={paths.home}>{intl.formatMessage(messages.home)}</Link>
      </Button>
    </div>
  );
}
