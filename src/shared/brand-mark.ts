// The logo's drawing (an open yearbook on the brand tile), as SVG path data in a 32×32 box: the web's
// BrandMark and the server's preview images draw it from here (public/favicon.svg is a copy of it).
export const BRAND_MARK = {
  viewBox: '0 0 32 32',
  tileRadius: 8,
  /** The book is drawn in a 24×24 box moved this far into the tile. */
  bookTransform: 'translate(4 4)',
  bookPaths: [
    'M12 7v14',
    'M3 18a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h5a4 4 0 0 1 4 4 4 4 0 0 1 4-4h5a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-6a3 3 0 0 0-3 3 3 3 0 0 0-3-3z',
  ],
} as const;
