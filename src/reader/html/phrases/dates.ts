/** Labels before a dateline: "Updated: March 3, 2020", "Veröffentlicht am 15. Mai 2019". */
export const dateLabels: string[] = [
  'published',
  'updated',
  'posted',
  'last updated',
  'release date',
  'date',
  'veröffentlicht',
  'veröffentlichung',
  'aktualisiert',
  'publiziert',
  'erstellt',
  'stand',
  'datum',
  'publié',
  'mis à jour',
  'publicado',
  'actualizado',
  'pubblicato',
  'aggiornato',
];

/** Words between a date label and the date: "published on", "publié le". */
export const dateLabelLinks: string[] = ['am', 'on', 'le', 'el', 'il'];

/** Words between a date and its time: "am 3. Mai um 10:00", "at 3:59 PM". */
export const timeLinks: string[] = ['um ', 'at ', 'à '];

/** Suffixes of a time: "10:00 Uhr", "3:59 PM", "14:30 h". */
export const timeSuffixes: string[] = ['uhr', 'am', 'pm', 'h'];
