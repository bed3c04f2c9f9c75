import { useMemo } from "react";
import { encode } from "uqr";

/** The otpauth:// address as a QR code for an authenticator app, drawn as one SVG path. */
export function OtpauthQr({ url }: { url: string }) {
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
      aria-label="QR code to add Plaza to your authenticator app"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#111827" />
    </svg>
  );
}
