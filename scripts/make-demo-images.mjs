// Draws the demo images: small hand-written SVGs under public/demo/ and the two brand
// logos under public/brand/. Reads what to draw from server/db/seeds/demo-content.ts and
// demo-community-content.ts, so every image the demo seed names exists. Re-run after changing
// the demo content:
//   node scripts/make-demo-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');

// The demo content is TypeScript; esbuild (already a dev dependency) turns it into a module.
const bundled = await build({
  stdin: {
    contents: "export * from './server/db/seeds/demo-content.ts'; export * from './server/db/seeds/demo-community-content.ts'; export { GENRES } from './domain/catalog.ts'; export { builtInLogoUrl } from './domain/tenants.ts';",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'warning',
});
const content = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

const MAX_BYTES = 1536;
const written = [];

// ---------------------------------------------------------------------------------------
// Drawing helpers

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);

/** Dark-enough pairs for white text; Caribbean sea, sun and flag colours. */
const PALETTES = [
  ['#0b6e4f', '#1b998b'],
  ['#9d0208', '#e85d04'],
  ['#1d3557', '#457b9d'],
  ['#6b2fa3', '#c9184a'],
  ['#005f73', '#0a9396'],
  ['#3a0ca3', '#7209b7'],
  ['#7f4f24', '#bc6c25'],
  ['#2b2d42', '#8d0801'],
  ['#14532d', '#15803d'],
  ['#7c2d12', '#c2410c'],
  ['#831843', '#be185d'],
  ['#1e3a8a', '#0e7490'],
];

function hash(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}
const paletteFor = (key) => PALETTES[hash(key) % PALETTES.length];

// Text defaults sit on the root element (they inherit), so each <text> stays short.
const ROOT_TEXT = 'font-family="system-ui,sans-serif" font-weight="700" text-anchor="middle"';

function svg(width, height, title, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" ${ROOT_TEXT}>` +
    `<title>${esc(title)}</title>${body}</svg>\n`
  );
}

function gradient([a, b], width, height) {
  return `<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>`;
}

const r1 = (n) => Math.round(n * 10) / 10;

function text(x, y, size, value, { anchor = 'middle', weight = 700, fill = '#fff', opacity } = {}) {
  const attrs = [`x="${r1(x)}"`, `y="${r1(y)}"`, `font-size="${r1(size)}"`, `fill="${fill}"`];
  if (weight !== 700) attrs.push(`font-weight="${weight}"`);
  if (anchor !== 'middle') attrs.push(`text-anchor="${anchor}"`);
  if (opacity !== undefined) attrs.push(`fill-opacity="${opacity}"`);
  return `<text ${attrs.join(' ')}>${esc(value)}</text>`;
}

/** Greedy word wrap to lines of at most `max` characters. */
function wrap(value, max) {
  const lines = [];
  let line = '';
  for (const word of value.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A font size at which `chars` characters fit in `width` (bold sans is about 0.6em a glyph). */
const fit = (chars, width, wanted) => Math.max(10, Math.min(wanted, Math.floor(width / (0.62 * Math.max(chars, 1)))));

function initials(name) {
  const words = name.replace(/[^A-Za-z\s]/g, ' ').split(/\s+/).filter(Boolean);
  const first = words[0] ?? '?';
  const last = words.length > 1 ? words[words.length - 1] : '';
  return (first[0] + (last[0] ?? first[1] ?? '')).toUpperCase();
}

function write(urlPath, data) {
  const bytes = Buffer.byteLength(data);
  if (bytes > MAX_BYTES) throw new Error(`${urlPath} is ${bytes} bytes, over ${MAX_BYTES}`);
  const file = path.join(publicDir, urlPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  written.push([urlPath, bytes]);
}

// ---------------------------------------------------------------------------------------
// Images

function artistPhoto(artist) {
  const body =
    gradient(paletteFor(artist.key), 400, 400) +
    '<circle cx="330" cy="70" r="110" fill="#fff" fill-opacity=".12"/>' +
    '<path d="M0 320q100-50 200 0t200 0v80H0z" fill="#000" fill-opacity=".18"/>' +
    text(200, 250, 150, initials(artist.name));
  return svg(400, 400, artist.name, body);
}

function genreCover(genre, index) {
  const palette = PALETTES[(index * 5) % PALETTES.length];
  const body =
    gradient(palette, 400, 400) +
    '<circle cx="200" cy="180" r="120" fill="#111" fill-opacity=".6"/>' +
    '<circle cx="200" cy="180" r="88" fill="none" stroke="#fff" stroke-opacity=".15" stroke-width="2"/>' +
    `<circle cx="200" cy="180" r="36" fill="${palette[1]}"/><circle cx="200" cy="180" r="6" fill="#111"/>` +
    text(200, 360, fit(genre.length, 360, 48), genre);
  return svg(400, 400, `${genre} cover`, body);
}

function eventImage(event) {
  const lines = wrap(event.title, 20);
  const size = fit(Math.max(...lines.map((l) => l.length)), 560, 48);
  const place = event.locationText.split(',').slice(-2).join(',').trim();
  const top = 180 - ((lines.length - 1) * size * 1.15) / 2;
  const body =
    gradient(paletteFor(event.key), 640, 360) +
    '<circle cx="540" cy="80" r="130" fill="#ffd166" fill-opacity=".35"/>' +
    '<path d="M0 290q80-40 160 0t160 0 160 0 160 0v70H0z" fill="#fff" fill-opacity=".15"/>' +
    lines.map((l, i) => text(320, Math.round(top + i * size * 1.15), size, l)).join('') +
    text(320, 320, fit(place.length, 560, 22), place, { weight: 400 });
  return svg(640, 360, event.title, body);
}

function sponsorLogo(sponsor) {
  const [dark, light] = paletteFor(sponsor.key);
  const lines = wrap(sponsor.name, 16);
  const size = fit(Math.max(...lines.map((l) => l.length)), 185, 26);
  const top = 80 - ((lines.length - 1) * size * 1.15) / 2 + size * 0.35;
  const body =
    '<rect width="320" height="160" fill="#fff"/>' +
    `<circle cx="56" cy="80" r="36" fill="${dark}"/><path d="M28 92q14-14 28 0t28 0" fill="none" stroke="${light}" stroke-width="6"/>` +
    lines.map((l, i) => text(108, Math.round(top + i * size * 1.15), size, l, { anchor: 'start', fill: dark })).join('');
  return svg(320, 160, sponsor.name, body);
}

const AD_SIZES = {
  leaderboard: [728, 90],
  footer: [728, 90],
  sidebar: [300, 250],
  directory: [300, 250],
  infeed: [600, 200],
  artists: [600, 200],
  schedule: [600, 200],
};

function cta(x, y, w, h, color) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="#fff"/>` + text(x + w / 2, y + h * 0.68, Math.round(h * 0.45), 'Learn more', { fill: color });
}

function adImage(ad) {
  const [width, height] = AD_SIZES[ad.slot];
  const palette = paletteFor(ad.headline);
  let body = gradient(palette, width, height) + text(width - 8, 14, 10, 'AD', { anchor: 'end', opacity: 0.7 });
  if (height <= 90) {
    const size = fit(ad.headline.length, width - 220, 30);
    body +=
      '<circle cx="40" cy="45" r="26" fill="#fff" fill-opacity=".2"/>' +
      text(84, 42, size, ad.headline, { anchor: 'start' }) +
      text(84, 68, fit(ad.tagline.length, width - 220, 17), ad.tagline, { anchor: 'start', weight: 400 }) +
      cta(width - 150, 27, 130, 36, palette[0]);
  } else if (width >= 600) {
    const size = fit(ad.headline.length, width - 80, 40);
    body +=
      `<circle cx="${width - 60}" cy="30" r="90" fill="#fff" fill-opacity=".12"/>` +
      text(40, 80, size, ad.headline, { anchor: 'start' }) +
      text(40, 118, fit(ad.tagline.length, width - 80, 22), ad.tagline, { anchor: 'start', weight: 400 }) +
      cta(40, 140, 150, 40, palette[0]);
  } else {
    const lines = wrap(ad.headline, 14);
    const size = fit(Math.max(...lines.map((l) => l.length)), width - 40, 30);
    const tag = wrap(ad.tagline, 26);
    body +=
      '<circle cx="250" cy="40" r="80" fill="#fff" fill-opacity=".12"/>' +
      lines.map((l, i) => text(width / 2, 70 + i * size * 1.15, size, l)).join('') +
      tag.map((l, i) => text(width / 2, 150 + i * 22, 17, l, { weight: 400 })).join('') +
      cta(width / 2 - 70, 196, 140, 36, palette[0]);
  }
  return svg(width, height, `${ad.headline}: ${ad.tagline}`, body);
}

function brandLogo(tenant) {
  const body =
    tenant === 'caribbean'
      ? '<rect width="64" height="64" rx="14" fill="#6b2fa3"/><rect x="29" y="9" width="6" height="34" rx="2" fill="#fff"/><rect x="19" y="18" width="26" height="6" rx="2" fill="#fff"/><path d="M8 50q6-6 12 0t12 0 12 0 12 0" fill="none" stroke="#ffd166" stroke-width="4" stroke-linecap="round"/>'
      : '<rect width="64" height="64" rx="14" fill="#0b6e4f"/><circle cx="32" cy="26" r="16" fill="#ffd166"/>' +
        text(32, 34, 22, 'W', { fill: '#0b6e4f', weight: 800 }) +
        '<path d="M8 50q6-6 12 0t12 0 12 0 12 0" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>';
  return svg(64, 64, tenant === 'caribbean' ? 'Caribbean Praise Radio' : 'Watzhott', body);
}

// ---------------------------------------------------------------------------------------
// Write them all. The folders this script owns are emptied first, so nothing stale stays.

for (const dir of ['artists', 'covers', 'events', 'sponsors', 'ads']) {
  fs.rmSync(path.join(publicDir, 'demo', dir), { recursive: true, force: true });
}

for (const artist of content.DEMO_ARTISTS) write(content.artistPhotoUrl(artist.key), artistPhoto(artist));
content.GENRES.forEach((genre, i) => write(content.genreCoverUrl(genre), genreCover(genre, i)));
for (const event of content.DEMO_EVENTS) write(content.eventImageUrl(event.key), eventImage(event));
for (const sponsor of content.DEMO_SPONSORS) if (sponsor.hasLogo) write(content.sponsorLogoUrl(sponsor.key), sponsorLogo(sponsor));
for (const ad of content.DEMO_ADS) write(content.adImageUrl(ad), adImage(ad));
for (const tenant of ['watzhott', 'caribbean']) write(content.builtInLogoUrl(tenant), brandLogo(tenant));

const total = written.reduce((sum, [, bytes]) => sum + bytes, 0);
console.log(`${written.length} images, ${total} bytes (largest ${Math.max(...written.map(([, b]) => b))} bytes)`);
