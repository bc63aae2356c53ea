/**
 * Words that open a short line crediting an image or labelling its source: "Foto: Jane Doe",
 * "Getty Images", "Credit: AP". Regular-expression sources.
 */
export const creditLineOpeners: string[] = [
  'foto',
  'fotos',
  'photo',
  'photos',
  'photograph(ed)? by',
  'bild',
  'bilder',
  'bild via',
  'beitragsbild',
  'titelbild',
  'credit',
  'credits',
  'image',
  'images',
  'quelle',
  'source',
  'fuente',
  '©',
  '\\(c\\)',
  'getty images',
  'reuters',
  'dpa',
  'afp',
  'imago',
  'shutterstock',
];

/** Labels that introduce a credit at the end of a caption: "… photo: Archives", "(Credit: …)". */
export const creditTailLabels: string[] = [
  '\\(c\\)',
  'fotos?:',
  'photos?:',
  'bild:',
  'credits?:',
  'crédits? photos?\\s?:',
  'photo credits?:',
  'quelle: (?:foto|bild)',
];

/** Picture agencies named after a slash or bar at the end of a caption: "… / iStock.com". */
export const pictureAgencies: string[] = [
  'getty images',
  'istock(?:\\.com|photo)?',
  'shutterstock',
  'picture alliance',
  'imago(?: images)?',
  'dpa',
  'afp',
  'ap photo',
  'reuters',
];

/** Words that open the caption of a picture set as a paragraph: "Abbildung 4: …", "Fig. 2. …". */
export const figureLabels: string[] = [
  'abbildung',
  'abb\\.',
  'figure',
  'fig\\.',
  'grafik',
  'schaubild',
  'illustration',
];
