/**
 * Sentences a blog or newspaper prints around every article rather than in it, as regular-expression
 * sources matched anywhere in a short line (case-insensitively): where and when it was filed, affiliate
 * and advertising disclosures, copyright and licence notices, calls to follow, subscribe or donate.
 */
export const articleNoticePatterns: string[] = [
  '^(this (entry|post|article) was (posted|filed)|filed under|der beitrag wurde|dieser (beitrag|eintrag|artikel|text) wurde (am|unter|veröffentlicht)|erstellt am|veröffentlicht (in|von|unter) |verfasst (von|am):?|(kategorie|category|rubrik|catégorie|categoría)\\s?:|abgelegt unter|publié (le|par|dans) |publicado (el|por|en) )',
  '^(\\*?\\(?(anzeige|werbung)\\)?\\s*[,:*.|-]|this (post|article|page) (contains|may contain) (affiliate|references to products|sponsored)|für links auf dieser seite|dieser (beitrag|artikel) enthält (affiliate|werbe)|enthält affiliate)',
  '^(©|\\(c\\)|copyright)\\s',
  '(all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati)\\.?$',
  '(unter|under) (der|a|the) (lizenz|licen[cs]e) \\[?(cc|creative commons)|stehen inhalte dieser (website|seite) unter',
  // Calls to follow, subscribe, donate or write in.
  '^\\W*(follow (us|[\\w ]{1,30}) on (twitter|facebook|instagram|linkedin|telegram)|síguenos en|siguenos en|folge(n sie)? uns auf|suivez-nous (sur|on)|seguici su)',
  '(sign(ing)? up (for|to)|subscribe to) (our|the) [\\w ]{0,30}newsletter|newsletter (abonnieren|bestellen)|für (unseren|den) newsletter an|inscrivez-vous à (notre|la) newsletter|suscríbete a (nuestro|el) (boletín|newsletter)',
  '^\\W*(support us|unterstütze?n? (sie )?(uns|diese form|unsere arbeit)|jede (kleine )?spende|spenden sie|donate now|faire un don|haz una donación)',
  'submit (your|a) letter to the editor',
  // Calls to subscribe past a paywall, to get the app, to join a channel.
  '(please subscribe|already a subscriber|pour accéder en illimité|hazte (miembro|socio)|jetzt registrieren\\W*$|im abo,)',
  '((download|get) (the|our) [\\w ]{1,30} app\\b|straight to your (phone|inbox)|(tenemos|nuestro|our|unser(en)?) (canal|channel|kanal) (de |on |auf )?(telegram|youtube|whatsapp))',
  // Placeholders of embedded posts and maps that wait for consent.
  '^(externer inhalt|external content)$|(inhalte?|beitrag) von [\\w.-]+ (zu )?laden|ohne (dein|ihr)e?n? (einverständnis|einwilligung|zustimmung) keine verbindung',
  // Appeals and standing notes after the article.
  '^(if you (enjoyed|liked) (reading )?this (post|article)|wenn (ihnen|dir) (unser|dieser|der) (artikel|beitrag) gefallen hat|help us continue|do you want to be informed)',
  '(beitrag|artikel|text) gibt (die|nur die) meinung (des autors|der autorin|des verfassers)',
  '^(our standards:|suggested citation)',
  'trackback',
];
