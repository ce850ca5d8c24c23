/** Simple SVG artwork for the demo: logos, cause images and regulator badges, served by /cms/files. */

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A round lottery-ball logo with a word mark. */
export function ballLogo(label: string, initials: string, color: string, textColor = '#ffffff'): string {
  const width = 64 + label.length * 13;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<circle cx="32" cy="32" r="28" fill="${color}"/>`,
    `<circle cx="32" cy="32" r="17" fill="#ffffff" fill-opacity="0.92"/>`,
    `<text x="32" y="38" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="15" font-weight="700" fill="${color}">${escapeXml(initials)}</text>`,
    `<text x="70" y="40" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="${textColor === '#ffffff' ? color : textColor}">${escapeXml(label)}</text>`,
    '</svg>',
  ].join('');
}

/**
 * The Drawhouse word mark: a house outline holding a ball. The word is fitted to its box
 * (`textLength`): the fonts browsers fall back to differ in width, and a wide one was clipped.
 */
export function siteLogo(primary: string, accent: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="220" height="56" viewBox="0 0 220 56" role="img" aria-label="Drawhouse">',
    '<title>Drawhouse</title>',
    `<path d="M6 26 L28 6 L50 26 L50 50 L6 50 Z" fill="none" stroke="${primary}" stroke-width="5" stroke-linejoin="round"/>`,
    `<circle cx="28" cy="34" r="9" fill="${accent}"/>`,
    `<text x="62" y="38" font-family="Arial, Helvetica, sans-serif" font-size="28" font-weight="800" textLength="150" lengthAdjust="spacingAndGlyphs" fill="${primary}">Drawhouse</text>`,
    '</svg>',
  ].join('');
}

/** A wide picture with a colour band and a title, for causes and raffle prizes. */
export function banner(title: string, subtitle: string, from: string, to: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450" role="img" aria-label="',
    escapeXml(title),
    '">',
    `<title>${escapeXml(title)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="800" height="450" fill="url(#g)"/>',
    '<circle cx="660" cy="110" r="70" fill="#ffffff" fill-opacity="0.15"/>',
    '<circle cx="120" cy="360" r="110" fill="#ffffff" fill-opacity="0.1"/>',
    `<text x="60" y="230" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="800" fill="#ffffff">${escapeXml(title)}</text>`,
    `<text x="60" y="280" font-family="Arial, Helvetica, sans-serif" font-size="24" fill="#ffffff">${escapeXml(subtitle)}</text>`,
    '</svg>',
  ].join('');
}

/** A small rounded badge with text, for the footer's regulation images. */
export function badge(text: string, color: string): string {
  const width = 40 + text.length * 8;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40" role="img" aria-label="${escapeXml(text)}">`,
    `<title>${escapeXml(text)}</title>`,
    `<rect x="1" y="1" width="${width - 2}" height="38" rx="8" fill="#ffffff" stroke="${color}" stroke-width="2"/>`,
    `<text x="${width / 2}" y="26" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="14" font-weight="700" fill="${color}">${escapeXml(text)}</text>`,
    '</svg>',
  ].join('');
}
