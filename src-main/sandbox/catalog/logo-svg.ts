/**
 * Brand artwork for the sandbox: a self-contained SVG with the title's initials on a
 * coloured background. The colour comes from a hash of the brand id, so the same brand
 * always gets the same picture and no image files need to be committed.
 */

/** Escapes the five XML special characters so any title is safe as text or attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** FNV-1a, 32-bit: tiny, stable across platforms, good enough to spread hues. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Up to two initials: the first letter or digit of the first two words that have one.
 * Works on code points (Array.from) so titles like "Zoë's" or Devanagari don't split
 * a character in half.
 */
export function initialsOf(title: string): string {
  const initials: string[] = [];
  for (const word of title.split(/\s+/)) {
    const first = Array.from(word).find((ch) => /[\p{L}\p{N}]/u.test(ch));
    if (first) initials.push(first.toUpperCase());
    if (initials.length === 2) break;
  }
  return initials.join('') || '?';
}

/** hsl → #rrggbb; hex rather than hsl() because older SVG renderers only know SVG 1.1 colours. */
function hslHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

export function brandLogoSvg(brand: { id: string; title: string }, kind: 'logo' | 'thumbnail'): string {
  const h = hash32(brand.id);
  const hue = h % 360;
  // Second hue offset gives a subtle two-tone gradient; lightness kept low so white text reads.
  const hue2 = (hue + 30 + ((h >>> 9) % 60)) % 360;
  const title = escapeXml(brand.title);
  const initials = escapeXml(initialsOf(brand.title));
  const [w, hgt] = kind === 'logo' ? [128, 128] : [320, 180];
  const gradId = `g${h.toString(16)}`;

  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${hgt}" viewBox="0 0 ${w} ${hgt}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<defs><linearGradient id="${gradId}" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${hslHex(hue, 0.6, 0.4)}"/>` +
      `<stop offset="1" stop-color="${hslHex(hue2, 0.55, 0.3)}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${hgt}" rx="${kind === 'logo' ? 24 : 16}" fill="url(#${gradId})"/>`,
  ];
  const font = `font-family="Helvetica, Arial, sans-serif" fill="#ffffff" text-anchor="middle"`;
  if (kind === 'logo') {
    lines.push(`<text x="64" y="64" dy="0.35em" font-size="52" font-weight="700" ${font}>${initials}</text>`);
  } else {
    // The wide variant also carries the name, as catalogue tiles show it under the mark.
    lines.push(`<text x="160" y="80" dy="0.35em" font-size="64" font-weight="700" ${font}>${initials}</text>`);
    lines.push(
      `<text x="160" y="150" font-size="18" ${font} textLength="${Math.min(290, Array.from(brand.title).length * 10)}" ` +
        `lengthAdjust="spacingAndGlyphs">${title}</text>`,
    );
  }
  lines.push('</svg>');
  return lines.join('\n') + '\n';
}
