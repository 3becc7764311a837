/**
 * The PDF stack's values: pdf-lib (with @pdf-lib/upng and the standard fonts of lib/pdf/standard-fonts.ts).
 * Import it only through `loadPdfStack()` (pdf-stack.ts): a static import of this module or of 'pdf-lib'
 * anywhere in a bundle runs their module code at every cold start.
 */
export {
  PDFDocument,
  StandardFonts,
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
} from 'pdf-lib';
