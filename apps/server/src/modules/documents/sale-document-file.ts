import { answerFile, type FileAnswer } from '../../platform/endpoints';
import type { SaleDocument } from './get-sale-document';

/** A rendered receipt or invoice as the route's answer: the PDF itself, as an attachment. */
export function saleDocumentFile(document: SaleDocument): FileAnswer {
  return answerFile(document.pdf, { contentType: 'application/pdf', filename: document.filename });
}
