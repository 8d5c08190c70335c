// The server-rendered pages as a visitor reaches them, with each page's first heading (for the budgets and islands
// specs): the public routes, and the printable comp card (noindex, but rendered and read as they are).

/** Pages with nothing to fill in: at most 20 KB of script before any interaction. */
export const STATIC_ROUTES: Array<{ path: string; heading: string }> = [
  { path: '/', heading: 'Ava Monroe' },
  { path: '/portfolio', heading: 'Portfolio' },
  { path: '/portfolio/comp-card', heading: 'Comp Card' },
  { path: '/portfolio/comp-card/print', heading: 'Comp card' },
  { path: '/portfolio/runway', heading: 'Runway' },
  { path: '/portfolio/digitals', heading: 'Digitals' },
  { path: '/portfolio/ugc', heading: 'UGC' },
  { path: '/portfolio/runway?show=scottsdale-couture', heading: 'Scottsdale Couture Night' },
  { path: '/portfolio/print/editorial', heading: 'Editorial' },
  { path: '/service/photoshoot', heading: 'Photoshoot' },
  { path: '/about', heading: 'About Ava' },
];
/** The booking page: at most 100 KB of script before any interaction. */
export const BOOKING_ROUTE = { path: '/book-me', heading: 'Book a Session' };
