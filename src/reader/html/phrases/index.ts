export { bylineWords } from './bylines.js';
export { creditLineOpeners, creditTailLabels, figureLabels, pictureAgencies } from './credits.js';
export { dateLabelLinks, dateLabels, timeLinks, timeSuffixes } from './dates.js';
export { emptyAltTexts, trackingImageAddresses } from './image-signals.js';
export { articleNoticePatterns } from './notices.js';
export { readAlsoColonLabels, readAlsoLabels } from './read-also.js';
export { sectionOpenerLines, teaserSectionHeadings } from './section-headings.js';
export { phrasesOf } from './types.js';
