import { contrastRatio } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, DEFAULT_COLOURS, themeCss, themeVariables } from './theme';

describe('theme variables', () => {
  it('uses the CMS colours and keeps text readable', () => {
    const v = themeVariables({
      colors: {
        primary: '#1d3557',
        primaryContrast: '#ffffff',
        navBackground: '#ffff00',
        navText: '#ffffff',
      },
      logo: null,
      meta: null,
    });
    expect(v['--dh-primary']).toBe('#1d3557');
    expect(v['--dh-on-primary']).toBe('#ffffff');
    // White on yellow fails AA: the readable colour replaces it.
    expect(v['--dh-nav-text']).not.toBe('#ffffff');
    expect(contrastRatio(v['--dh-nav-text'] ?? '', '#ffff00')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('ignores values that are not hex colours or plain font lists', () => {
    const css = themeCss({
      colors: { primary: 'red;}body{display:none' },
      logo: null,
      meta: null,
      typography: { bodyFont: '"Inter", Arial, sans-serif', headingFont: 'x;}</style><script>' },
    });
    expect(css).toContain(`--dh-primary:${DEFAULT_COLOURS.primary}`);
    expect(css).toContain('--dh-font-body:"Inter", Arial, sans-serif');
    expect(css).not.toContain('script');
    expect(css).not.toContain('display:none');
  });
});
