import { useMemo } from "react";
import { defineMessages, useIntl } from "react-intl";
import { encode } from "uqr";

const messages = defineMessages({
  label: { id: "auth.otpauthQr.label", defaultMessage: "QR code to add Plaza to your authenticator app" },
});

/** The otpauth:// address as a QR code for an authenticator app, drawn as one SVG path. */
export function OtpauthQr({ url }: { url: string }) {
  const intl = useIntl();
  const { size, path } = useMemo(() => {
    const qr = encode(url, { ecc: "M", border: 2 });
    const squares: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((isDark, x) => {
        if (isDark) squares.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { size: qr.size, path: squares.join("") };
  }, [url]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className="h-44 w-44 bg-white"
      role="img"
      aria-label={intl.formatMessage(messages.label)}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#111827" />
    </svg>
  );
}
