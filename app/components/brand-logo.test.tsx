// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { builtInLogoUrl } from '../../domain/tenants';
import { BrandLogo } from './brand-logo';

afterEach(cleanup);

describe('BrandLogo', () => {
  it('draws the built-in logo in the page, with no image to fetch, when none was uploaded', () => {
    for (const logoUrl of [null, undefined, '', builtInLogoUrl('watzhott')]) {
      const { container, unmount } = render(<BrandLogo tenant="watzhott" logoUrl={logoUrl} />);
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('svg.brand-logo text')?.textContent).toBe('W');
      unmount();
    }
    const { container } = render(<BrandLogo tenant="caribbean" logoUrl={builtInLogoUrl('caribbean')} />);
    expect(container.querySelector('svg.brand-logo')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('svg.brand-logo text')).toBeNull();
  });

  it('shows an uploaded logo as an image', () => {
    const { container } = render(<BrandLogo tenant="caribbean" logoUrl="/uploads/logo.webp" />);
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelector('img.brand-logo')?.getAttribute('src')).toBe('/uploads/logo.webp');
  });
});
