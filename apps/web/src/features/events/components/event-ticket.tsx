import { Ticket } from "lucide-react";
import { useEffect, useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Card, CardContent } from "@/components/ui/card";

const messages = defineMessages({
  qrAlt: defineMessage<{ code: string }>({ id: "events.ticket.qrAlt", defaultMessage: "QR code of ticket {code}" }),
  title: { id: "events.ticket.title", defaultMessage: "Your ticket" },
  hint: { id: "events.ticket.hint", defaultMessage: "Show this code at the door." },
  codeLabel: { id: "events.ticket.codeLabel", defaultMessage: "Code:" },
});

/** The ticket's QR code as an SVG data URL; the QR library is loaded only when a ticket is shown. */
async function qrImageOf(code: string): Promise<string> {
  const { toString: svgOf } = await import("qrcode");
  const svg = await svgOf(code, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A going person's ticket on /events/{id}: its code as a QR code for the door's scanner, and as text to type. */
export function EventTicket({ code }: { code: string }) {
  const intl = useIntl();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    qrImageOf(code).then(
      (url) => isCurrent && setImage(url),
      () => isCurrent && setImage(null),
    );
    return () => {
      isCurrent = false;
    };
  }, [code]);
  return (
    <Card data-testid="event-ticket">
      <CardContent className="flex flex-col items-center gap-3 p-4 text-center sm:flex-row sm:text-start">
        <div className="flex h-44 w-44 shrink-0 items-center justify-center rounded-md bg-white">
          {image ? (
            <img
              src={image}
              alt={intl.formatMessage(messages.qrAlt, { code })}
              className="h-44 w-44"
              data-testid="ticket-qr"
            />
          ) : (
            <Ticket aria-hidden className="h-10 w-10 text-gray-400" />
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <h2 className="text-lg font-semibold">{intl.formatMessage(messages.title)}</h2>
          <p className="text-sm text-gray-600">{intl.formatMessage(messages.hint)}</p>
          <p className="text-sm">
            {intl.formatMessage(messages.codeLabel)}{" "}
            <span data-testid="ticket-code" className="font-mono text-lg font-semibold tracking-widest break-all">
              {code}
            </span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
