import { builtInLogoUrl, type Tenant } from '../../domain/tenants';

/**
 * The header's logo. The tenant's built-in logo (public/brand/) is drawn in the page itself:
 * as an image, an SVG is a document of its own that the phone makes, styles, lays out (its
 * text with the phone's fonts) and paints on the main thread while the page starts, on every
 * page (docs/performance.md). An uploaded logo is an image file.
 */
export function BrandLogo({ tenant, logoUrl }: { tenant: Tenant; logoUrl: string | null | undefined }) {
  if (logoUrl && logoUrl !== builtInLogoUrl(tenant)) return <img src={logoUrl} alt="" width={32} height={32} className="brand-logo" />;
  return <BuiltInLogo tenant={tenant} size={32} className="brand-logo" />;
}

/**
 * The tenant's built-in logo drawn in the page: the same drawings as public/brand/*.svg, which
 * the icons, the podcast feed and the phone's media controls use. The radio page's artwork
 * draws it so too when nothing else is on air (an `<img>` of the SVG was the one SVG document
 * made before a repeat visit's first paint: 150-200 ms of it at CPU ×7.9, bench/HISTORY.md).
 */
export function BuiltInLogo({ tenant, size, className }: { tenant: Tenant; size: number; className: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      {tenant === 'caribbean' ? (
        <>
          <rect width="64" height="64" rx="14" fill="#6b2fa3" />
          <rect x="29" y="9" width="6" height="34" rx="2" fill="#fff" />
          <rect x="19" y="18" width="26" height="6" rx="2" fill="#fff" />
          <path d="M8 50q6-6 12 0t12 0 12 0 12 0" fill="none" stroke="#ffd166" strokeWidth="4" strokeLinecap="round" />
        </>
      ) : (
        <>
          <rect width="64" height="64" rx="14" fill="#0b6e4f" />
          <circle cx="32" cy="26" r="16" fill="#ffd166" />
          <text x="32" y="34" fontSize="22" fill="#0b6e4f" fontWeight="800" fontFamily="system-ui,sans-serif" textAnchor="middle">
            W
          </text>
          <path d="M8 50q6-6 12 0t12 0 12 0 12 0" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
