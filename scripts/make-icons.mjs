// Renders the install icons (maskable: the mark stays inside the central 80 % safe zone)
// for both tenants. Run once; the PNGs under public/icons are committed.
import sharp from 'sharp';

const TENANTS = {
  watzhott: { bg: '#0b6e4f', fg: '#ffd23f', mark: 'W' },
  caribbean: { bg: '#6b2fa3', fg: '#ffffff', mark: 'CP' },
};

const svg = ({ bg, fg, mark }) => `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${bg}"/>
  <circle cx="256" cy="256" r="150" fill="none" stroke="${fg}" stroke-width="18" opacity="0.35"/>
  <circle cx="256" cy="256" r="110" fill="none" stroke="${fg}" stroke-width="14" opacity="0.6"/>
  <text x="256" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${mark.length > 1 ? 120 : 150}" fill="${fg}" text-anchor="middle">${mark}</text>
</svg>`;

for (const [tenant, style] of Object.entries(TENANTS)) {
  const source = Buffer.from(svg(style));
  for (const size of [192, 512]) {
    await sharp(source).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(`public/icons/${tenant}-${size}.png`);
  }
  await sharp(source).resize(180, 180).png({ compressionLevel: 9, palette: true }).toFile(`public/icons/${tenant}-apple-touch.png`);
}
console.log('icons written to public/icons');
