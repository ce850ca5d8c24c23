/**
 * The CMS theme as CSS custom properties on :root. Colours that are not hex colours are ignored;
 * a text colour that does not reach AA contrast (4.5, the nav links' threshold too) against its
 * background is replaced by the readable one, so a CMS edit cannot make text unreadable.
 */

import type { Theme, ThemeColourName } from '@drawhouse/contract';
import { contrastRatio, isHexColour, readableTextColour } from '@drawhouse/domain';

export const AA_CONTRAST = 4.5;

export const DEFAULT_COLOURS: Record<ThemeColourName, string> = {
  primary: '#5b2d8e',
  primaryContrast: '#ffffff',
  secondary: '#0f5f5a',
  accent: '#f5b301',
  background: '#ffffff',
  surface: '#f4f1f9',
  text: '#1d1a27',
  muted: '#575266',
  navBackground: '#1d1a27',
  navText: '#ffffff',
};

function colour(theme: Theme | undefined, name: ThemeColourName): string {
  const value = theme?.colors?.[name];
  return typeof value === 'string' && isHexColour(value) ? value : DEFAULT_COLOURS[name];
}

/** `preferred` when it reads well on `background`, else black or white, whichever reads better. */
export function readableOn(background: string, preferred?: string): string {
  if (preferred && contrastRatio(preferred, background) >= AA_CONTRAST) return preferred;
  return readableTextColour(background);
}

/** Font family lists: names, quotes, commas and spaces only, so a value cannot leave its declaration. */
const SAFE_FONT = /^[A-Za-z0-9 ,"'-]{1,160}$/;

export function themeVariables(theme: Theme | undefined): Record<string, string> {
  const background = colour(theme, 'background');
  const surface = colour(theme, 'surface');
  const text = readableOn(background, colour(theme, 'text'));
  const primary = colour(theme, 'primary');
  const secondary = colour(theme, 'secondary');
  const accent = colour(theme, 'accent');
  const navBackground = colour(theme, 'navBackground');
  const muted = colour(theme, 'muted');
  const mutedReadable =
    contrastRatio(muted, background) >= AA_CONTRAST && contrastRatio(muted, surface) >= AA_CONTRAST
      ? muted
      : text;
  const variables: Record<string, string> = {
    '--dh-primary': primary,
    '--dh-on-primary': readableOn(primary, colour(theme, 'primaryContrast')),
    '--dh-secondary': secondary,
    '--dh-on-secondary': readableOn(secondary, '#ffffff'),
    '--dh-accent': accent,
    '--dh-on-accent': readableOn(accent, text),
    '--dh-background': background,
    '--dh-surface': surface,
    '--dh-text': readableOn(surface, text),
    '--dh-muted': mutedReadable,
    '--dh-link': contrastRatio(primary, background) >= AA_CONTRAST ? primary : text,
    '--dh-nav-bg': navBackground,
    '--dh-nav-text': readableOn(navBackground, colour(theme, 'navText')),
  };
  const bodyFont = theme?.typography?.bodyFont;
  if (bodyFont && SAFE_FONT.test(bodyFont))
    variables['--dh-font-body'] = `${bodyFont}, system-ui, sans-serif`;
  const headingFont = theme?.typography?.headingFont;
  if (headingFont && SAFE_FONT.test(headingFont)) {
    variables['--dh-font-heading'] = `${headingFont}, system-ui, sans-serif`;
  }
  return variables;
}

/** The :root rule to put in a <style> element. Values are hex colours or font name lists only. */
export function themeCss(theme: Theme | undefined): string {
  const body = Object.entries(themeVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${body}}`;
}
