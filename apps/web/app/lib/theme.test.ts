import type { Theme } from '@drawhouse/contract';
import { contrastRatio } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, DEFAULT_COLOURS, themeCss, themeVariables } from './theme';

/** A whole theme as the CMS answers it, with these colours and fonts. */
function themeWith(colors: Partial<Theme['colors']>, typography: Partial<Theme['typography']> = {}): Theme {
  return {
    colors: { ...DEFAULT_COLOURS, ...colors },
    logo: { src: '/cms/files/logo', alt: 'Drawhouse' },
    meta: { title: 'Drawhouse', description: 'Shop' },
    motifs: {},
    typography: { headingFont: 'Georgia, serif', bodyFont: 'Arial, sans-serif', baseSize: 16, ...typography },
  };
}

describe('theme variables', () => {
  it('uses the CMS colours and keeps text readable', () => {
    const v = themeVariables(
      themeWith({
        primary: '#1d3557',
        primaryContrast: '#ffffff',
        navBackground: '#ffff00',
        navText: '#ffffff',
      }),
    );
    expect(v['--dh-primary']).toBe('#1d3557');
    expect(v['--dh-on-primary']).toBe('#ffffff');
    // White on yellow fails AA: the readable colour replaces it.
    expect(v['--dh-nav-text']).not.toBe('#ffffff');
    expect(contrastRatio(v['--dh-nav-text'] ?? '', '#ffff00')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('ignores values that are not hex colours or plain font lists', () => {
    const css = themeCss(
      themeWith(
        { primary: 'red;}body{display:none' },
        { bodyFont: '"Inter", Arial, sans-serif', headingFont: 'x;}</style><script>' },
      ),
    );
    expect(css).toContain(`--dh-primary:${DEFAULT_COLOURS.primary}`);
    expect(css).toContain('--dh-font-body:"Inter", Arial, sans-serif');
    expect(css).not.toContain('script');
    expect(css).not.toContain('display:none');
  });
});
