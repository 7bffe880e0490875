import { SALES_ENDPOINTS } from '@oja/contract';
import { IconFileDownload, IconReceipt } from '@tabler/icons-react';
import { DocumentButton } from '../../ui/document-button';

const DOCUMENTS = {
  receipt: { entry: SALES_ENDPOINTS.getReceipt, label: 'Receipt', icon: IconReceipt },
  invoice: { entry: SALES_ENDPOINTS.getInvoice, label: 'Invoice', icon: IconFileDownload },
} as const;

/**
 * A sale's receipt (80 mm roll) or invoice (A4) as the server renders it: the lists of the
 * employee and customer areas offer one per row. `name` is the button's accessible name.
 */
export function SaleDocumentButton({
  businessId,
  saleId,
  kind,
  name,
}: {
  businessId: number;
  saleId: number;
  kind: keyof typeof DOCUMENTS;
  name?: string;
}) {
  const { entry, label, icon: Icon } = DOCUMENTS[kind];
  return (
    <DocumentButton
      entry={entry}
      input={{ business_id: businessId, id: saleId }}
      label={label}
      name={name}
      size="compact-sm"
      variant="light"
      leftSection={<Icon size={16} />}
    />
  );
}
