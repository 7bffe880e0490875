import { IMPORT_MAX_FILE_BYTES, IMPORT_MESSAGES, type SheetFormat, STOCK_ENDPOINTS } from '@oja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, data, download } from '../../lib/api';
import { productKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

const stock = STOCK_ENDPOINTS;

/** A chosen file as it travels: its name and its bytes as base64 (the server reads it, docs/adr/0024). */
export type SheetFile = { file_name: string; content_base64: string };

/**
 * Reads a chosen file as base64, telling how far it has read (0 to 1). A file over the limit is refused here,
 * before a byte is sent, with the server's own words.
 */
export function readSheetFile(file: File, onProgress: (share: number) => void): Promise<SheetFile> {
  if (file.size > IMPORT_MAX_FILE_BYTES)
    return Promise.reject(new ApiError(IMPORT_MESSAGES.fileTooLarge, 413, 'local'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    reader.onerror = () => reject(new ApiError(IMPORT_MESSAGES.unreadable, 400, 'local'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ file_name: file.name, content_base64: url.slice(url.indexOf(',') + 1) });
    };
    reader.readAsDataURL(file);
  });
}

/** What importing the file would do; nothing is written. */
export function usePreviewImport(businessId: number) {
  return useMutation({
    mutationFn: (file: SheetFile) => data(call(stock.previewImport, { business_id: businessId, ...file })),
  });
}

/** The import itself, once per confirmation (Idempotency-Key); every product list of the business is read again. */
export function useImportProducts(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (file: SheetFile) => {
      const body = { business_id: businessId, ...file };
      return data(call(stock.importProducts, body, { headers: keys.headersFor(body) }));
    },
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: productKeys.all(businessId) });
    },
  });
}

/** The catalogue, or the empty template, downloaded as a file. */
export const downloadSheet = (businessId: number, what: 'export' | 'template', format: SheetFormat) =>
  download(what === 'export' ? stock.exportProducts : stock.importTemplate, { business_id: businessId, format });
