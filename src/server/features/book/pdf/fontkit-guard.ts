// A guard for fontkit's NULL anchors (decision 041; foliojs/fontkit#367, fixed in its open PR #374).
// OpenType lets a mark-to-base, mark-to-ligature or mark-to-mark record have a NULL anchor ("this mark
// does not attach here"); fontkit 2.0.4 reads it and throws (`Cannot read properties of null (reading
// 'xCoordinate')`). The Noto Sans Telugu the book ships has such records: `శ్రీ`, as in Srinivas, would
// stop the whole book. HarfBuzz leaves the mark where it is; so does this guard.
//
// The processor's class is reached through a font pdfkit itself loaded, so it is the very fontkit build
// pdfkit uses (its CommonJS and ESM builds are different classes). Patched once per process.

interface Anchor {
  xCoordinate: number;
  yCoordinate: number;
}
interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: Anchor | null }, baseAnchor: Anchor | null, baseIndex: number): void;
}
/** The part of a fontkit font the guard reaches through. */
export interface FontkitFont {
  layout(text: string): unknown;
  hasGlyphForCodePoint(codePoint: number): boolean;
  _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor | null } };
}

const GUARDED = Symbol.for('campus-yearbook.fontkit-null-anchor-guard');

/** Makes a NULL anchor leave its mark unmoved (as HarfBuzz does) for every font of that fontkit. */
export function guardNullAnchors(font: FontkitFont): void {
  // The layout engine and its GPOS processor are made on the first layout.
  font.layout('\u0c15');
  const processor = font._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) throw new Error('the fontkit guard needs a font with a GPOS table (Noto Sans Telugu)');
  const prototype = Object.getPrototypeOf(processor) as GposProcessor & { [GUARDED]?: true };
  if (prototype[GUARDED]) return;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function guardedApplyAnchor(markRecord, baseAnchor, baseIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseIndex);
  };
  prototype[GUARDED] = true;
}
