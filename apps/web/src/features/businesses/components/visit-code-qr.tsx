import { useMemo } from "react";
import { defineMessages, useIntl } from "react-intl";
import { encode } from "uqr";

const phrases = defineMessages<{
  label: { visitCode: string | number };
}>({
  label: { id: "businesses.visitCode.qrLabel", defaultMessage: "QR code for check-in code {visitCode}" },
});

/** The address a scanned visit code opens: the business's profile with the check-in dialog and the code filled in. */
export function checkInLinkFor(businessId: string, visitCode: string, origin: string = window.location.origin): string {
  return `${origin}/business/${businessId}?visitCode=${visitCode}`;
}

/**
 * The visit code as a QR code, drawn as one SVG path (no canvas, crisp at any size). Scanning it opens the
 * check-in with the code filled in; the customer's position is still checked as step 1.
 */
export function VisitCodeQr({ businessId, visitCode }: { businessId: string; visitCode: string }) {
  const intl = useIntl();
  const { size, path } = useMemo(() => {
    const qr = encode(checkInLinkFor(businessId, visitCode), { ecc: "M", border: 2 });
    const squares: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((isDark, x) => {
        if (isDark) squares.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { size: qr.size, path: squares.join("") };
  }, [businessId, visitCode]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className="mx-auto h-40 w-40 bg-white"
      role="img"
      aria-label={intl.formatMessage(phrases.label, { visitCode })}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#111827" />
    </svg>
  );
}
