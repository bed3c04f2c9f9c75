// Renders the app icons (PNG) from the Plaza mark: `node apps/web/scripts/generate-icons.mjs`. The outputs are
// committed under public/icons; run again after changing the mark.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const BRAND = "#4f46e5";
const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "icons");
mkdirSync(outDir, { recursive: true });

/** The "P" of favicon.svg on a 32-unit grid, scaled by `scale` around the centre. */
function mark(size, { rounded, scale }) {
  const offset = (32 - 32 * scale) / 2;
  const background = rounded
    ? `<rect width="32" height="32" rx="7" fill="${BRAND}"/>`
    : `<rect width="32" height="32" fill="${BRAND}"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${background}` +
      `<g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M10 24V8h7a5 5 0 0 1 0 10h-3v6z" fill="#fff"/></g></svg>`,
  );
}

const icons = [
  // "any" icons: the rounded tile, as the favicon.
  { file: "icon-192.png", size: 192, rounded: true, scale: 1 },
  { file: "icon-512.png", size: 512, rounded: true, scale: 1 },
  // Maskable: full bleed, the mark inside the 80% safe zone (the platform cuts its own shape).
  { file: "maskable-192.png", size: 192, rounded: false, scale: 0.7 },
  { file: "maskable-512.png", size: 512, rounded: false, scale: 0.7 },
  // iOS home screen: full bleed too (iOS rounds the corners).
  { file: "apple-touch-icon.png", size: 180, rounded: false, scale: 0.85 },
];

for (const icon of icons) {
  await sharp(mark(icon.size, icon)).png({ compressionLevel: 9 }).toFile(join(outDir, icon.file));
}
console.log(`icons written to ${outDir}`);
