/**
 * Signs that an `<img>` is a tracking pixel, a spacer or an icon rather than a picture of the
 * content (or a smiley), in its address (matched case-insensitively). Regular-expression sources.
 */
export const trackingImageAddresses: string[] = [
  // A last path segment naming a pixel or a counter: `/pixel.gif`, `/t/collect?…`, `/img/spacer.gif`.
  '/(pixel|spacer|blank|clear|transparent|1x1|1px|beacon|track|tracking|tracker|collect|analytics|impression|counter)(\\.(gif|png|php|aspx?))?(\\?|$)',
  // Smileys, emoji and icons a page inlines: decoration, not a picture of the content.
  '/(smilies|smileys|emoticons|emojis?|icons?|icons-svg|sprites?)/',
  // Hosts that serve nothing but tracking pixels.
  '(doubleclick\\.net|googletagmanager\\.com|google-analytics\\.com|facebook\\.com/tr|scorecardresearch\\.com|quantserve\\.com|pixel\\.wp\\.com|bat\\.bing\\.com)',
];

/**
 * Alt texts that say nothing about what an image shows ("image", "logo", "spacer", a file name,
 * a smiley's code, a bare number): such an image is treated as having none. Matched against the whole, trimmed
 * alt text, case-insensitively.
 */
export const emptyAltTexts: string[] = [
  '(image|img|picture|photo|pic|graphic|icon|logo|spacer|pixel|banner|thumbnail|placeholder|avatar)s?',
  '(rating|star|arrow|button|close|search|menu|loading|spinner|play)s?',
  '(bild|foto|imagen|immagine|imagem|obraz|zdjęcie)',
  // A file name: `IMG_2041.JPG`, `Hand pointing right transparent.png`.
  '.{0,120}\\.(jpe?g|png|gif|webp|avif|svg|bmp|ico)',
  // A smiley's code: `:wow:`.
  ':[\\w+-]{1,30}:',
  '[\\d\\s.,:#-]*',
];
