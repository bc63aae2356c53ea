import type { PhraseTable } from './types.js';

/**
 * Headings that open what surrounds a product rather than describes it: customer reviews and
 * questions, and carousels of other products ("Similar items", "Customers also bought"). Matched against
 * a whole short heading; a count may precede and a few words may follow.
 */
export const productExtraHeadings: PhraseTable = {
  en: [
    '((customer|product|user|guest|verified|member)s?\\s+)?(reviews?|ratings?)(\\s*(&|and)\\s*(reviews?|ratings?))?',
    'write a review',
    '(top|most helpful|featured|recent) ((positive|critical|favorable) )?((customer|user) )?reviews?',
    'similar (brands|sellers)( on .*)?',
    '(customer )?questions?( (&|and) answers?)?',
    'q ?& ?a',
    '(people|customers|shoppers)( who (viewed|bought|purchased) this( item| product)?)? also (viewed|bought|liked|purchased|considered|loved)',
    '(customers|shoppers) (also )?(viewed|bought|purchased|considered)',
    '(similar|related|recommended|sponsored|matching|suggested|featured) (items|products|models)( to consider)?',
    'products related to this item',
    "(you|you'll) (may|might|will) (also )?(like|love|be interested in)",
    'recently viewed( items| products)?',
    'frequently bought together',
    'complete (the|your) (look|set|outfit)',
    'shop (similar|the look|related)',
    'pairs? (well )?with',
    '(goes|pairs) well with',
    '(more|other) (items |products )?(from|by) (this |the )?(seller|brand|shop|store|designer)',
    "seller's other items",
    'compare (with )?similar( items| products)?',
    'recommended for you',
    'sponsored',
    'more to (explore|consider)',
    'explore (related|similar|more)( items| products)?',
    'inspired by your browsing history',
  ],
  de: [
    '(kunden|käufer) (kauften|kaufen|sahen) auch',
    'ähnliche (artikel|produkte)',
    '(das|dies) könnte (dir|ihnen) auch gefallen',
    '(kunden)?bewertungen',
    'rezensionen',
  ],
  fr: [
    'avis( (clients|des clients|vérifiés))?',
    'vous aimerez (aussi|également)',
    '(produits|articles) similaires',
  ],
  es: ['opiniones( de (clientes|usuarios))?', 'valoraciones', 'productos (similares|relacionados)'],
  it: ['recensioni( clienti)?', 'prodotti (simili|correlati)'],
};
