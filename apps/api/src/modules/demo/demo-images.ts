import type { Random } from "./random";

/*
 * Pictures of the demo town, drawn as SVG (gradients, shapes, a caption). They go through the real upload path,
 * which decodes them with sharp and stores WebP like any user upload.
 */

export const POST_IMAGE_SIZE = { width: 640, height: 480 } as const;
export const AVATAR_SIZE = 256;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A landscape-like picture: sky gradient, a sun, hills or a mountain, and the caption on a band. */
export function postImageSvg(
  random: Random,
  colors: [string, string],
  caption: string,
  options: { isPortrait?: boolean } = {},
): Buffer {
  const { width, height } = options.isPortrait
    ? { width: POST_IMAGE_SIZE.height, height: POST_IMAGE_SIZE.width }
    : POST_IMAGE_SIZE;
  const [from, to] = colors;
  const sunX = random.int(120, width - 120);
  const sunY = random.int(90, 220);
  const sunRadius = random.int(40, 80);
  const layers: string[] = [];
  for (let layer = 0; layer < 3; layer += 1) {
    const base = height - 130 + layer * 45;
    const peaks = random.int(2, 4);
    let path = `M0 ${height} L0 ${base}`;
    for (let peak = 1; peak <= peaks; peak += 1) {
      const x = Math.round((width / peaks) * peak);
      const controlX = x - Math.round(width / peaks / 2);
      const controlY = base - random.int(60, 220 - layer * 50);
      path += ` Q${controlX} ${controlY} ${x} ${base + random.int(-20, 20)}`;
    }
    path += ` L${width} ${height} Z`;
    layers.push(`<path d="${path}" fill="#000" fill-opacity="${(0.18 + layer * 0.14).toFixed(2)}"/>`);
  }
  const circles = Array.from({ length: random.int(3, 7) }, () => {
    const x = random.int(0, width);
    const y = random.int(0, height - 200);
    return `<circle cx="${x}" cy="${y}" r="${random.int(6, 26)}" fill="#fff" fill-opacity="0.18"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="${random.int(0, 1)}" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="#fff8e1"/><stop offset="1" stop-color="#fff8e1" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${sunRadius * 2}" fill="url(#sun)" fill-opacity="0.6"/>
<circle cx="${sunX}" cy="${sunY}" r="${sunRadius}" fill="#fffbe9" fill-opacity="0.85"/>
${circles}${layers.join("")}
<rect x="0" y="${height - 64}" width="${width}" height="64" fill="#000" fill-opacity="0.35"/>
<text x="28" y="${height - 22}" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="bold" fill="#fff">${escapeXml(caption)}</text>
</svg>`;
  return Buffer.from(svg);
}

/** A round-friendly profile picture: a gradient and the person's initials. */
export function avatarSvg(colors: [string, string], initials: string): Buffer {
  const [from, to] = colors;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<circle cx="200" cy="56" r="70" fill="#fff" fill-opacity="0.12"/>
<text x="128" y="158" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="bold" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
  return Buffer.from(svg);
}

/** A business's logo: a rounded square in its colours with the name's initials. */
export function logoSvg(colors: [string, string], initials: string): Buffer {
  const [from, to] = colors;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="256" height="256" fill="#fff"/>
<rect x="16" y="16" width="224" height="224" rx="48" fill="url(#g)"/>
<rect x="36" y="36" width="184" height="184" rx="36" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="6"/>
<text x="128" y="156" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="84" font-weight="bold" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
  return Buffer.from(svg);
}
