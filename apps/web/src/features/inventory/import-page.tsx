import { Alert, Badge, Button, FileButton, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_BASE_UNIT,
  formatUnits,
  IMPORT_MESSAGES,
  type ImportPreview,
  type ImportResult,
  importFieldLabel,
  type SheetFormat,
} from '@oja/contract';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { ResponsiveTable } from '../../ui/responsive-table';
import { downloadSheet, readSheetFile, type SheetFile, useImportProducts, usePreviewImport } from './import-api';

/** /business/{slug}/inventory/import: products from a spreadsheet, and the catalogue out to one. */
export default function ImportPage() {
  return (
    <RequirePermission permission="product.manage">
      <ImportProducts />
    </RequirePermission>
  );
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading'; share: number }
  | { kind: 'checking'; name: string }
  | { kind: 'preview'; file: SheetFile; preview: ImportPreview }
  | { kind: 'importing'; file: SheetFile; preview: ImportPreview }
  | { kind: 'done'; result: ImportResult };

const FILE_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const labelOf = importFieldLabel;
const count = (value: number) => value.toLocaleString('en-NG');
/** "carton = 40 packs · half carton = 20 packs": what each pack of a row holds. */
const packsLine = (unit: string, packs: readonly { name: string; units: number }[]) =>
  packs.map((pack) => `${pack.name} = ${formatUnits(pack.units, unit)}`).join(' · ');
/** The good rows the screen lists at first: the counts say how many there are in all. */
const SHOWN_ROWS = 20;

function ImportProducts() {
  const { business } = useBusinessContext();
  const previewImport = usePreviewImport(business.id);
  const importProducts = useImportProducts(business.id);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    setFailure(null);
    try {
      setStage({ kind: 'reading', share: 0 });
      const file = await readSheetFile(chosen, (share) => setStage({ kind: 'reading', share }));
      setStage({ kind: 'checking', name: chosen.name });
      const preview = await previewImport.mutateAsync(file);
      setStage({ kind: 'preview', file, preview });
    } catch (error) {
      setFailure(errorMessage(error, IMPORT_MESSAGES.failedPreview));
      setStage({ kind: 'idle' });
    }
  };

  const confirm = async (file: SheetFile, preview: ImportPreview) => {
    setFailure(null);
    setStage({ kind: 'importing', file, preview });
    try {
      const result = await importProducts.mutateAsync(file);
      setStage({ kind: 'done', result });
      notify.success(IMPORT_MESSAGES.done(result.counts));
    } catch (error) {
      // The file and its preview stay: Import again sends the same request (its Idempotency-Key) once online.
      setFailure(errorMessage(error, IMPORT_MESSAGES.failedImport));
      setStage({ kind: 'preview', file, preview });
    }
  };

  const save = async (what: 'export' | 'template', format: SheetFormat) => {
    try {
      await downloadSheet(business.id, what, format);
    } catch (error) {
      notify.error(errorMessage(error, IMPORT_MESSAGES.failedExport));
    }
  };

  const isBusy = stage.kind === 'reading' || stage.kind === 'checking' || stage.kind === 'importing';
  return (
    <Stack gap="md">
      <Title order={2}>Import products</Title>
      <Text size="sm">{IMPORT_MESSAGES.intro}</Text>
      <Group gap="xs">
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => save('template', 'xlsx')}>
          Template (.xlsx)
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => save('template', 'csv')}>
          Template (.csv)
        </Button>
      </Group>
      <FileButton onChange={choose} accept={FILE_TYPES} disabled={isBusy}>
        {(props) => (
          <Button {...props} leftSection={<IconFileSpreadsheet size={18} />} size="md" disabled={isBusy}>
            Choose a file
          </Button>
        )}
      </FileButton>

      {isBusy && <Working stage={stage} />}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {(stage.kind === 'preview' || stage.kind === 'importing') && (
        <PreviewView
          preview={stage.preview}
          isImporting={stage.kind === 'importing'}
          onConfirm={() => confirm(stage.file, stage.preview)}
          onCancel={() => setStage({ kind: 'idle' })}
        />
      )}
      {stage.kind === 'done' && (
        <Alert color="green" role="status" title={IMPORT_MESSAGES.done(stage.result.counts)}>
          <Button component={Link} to={`/business/${business.slug}/inventory`} variant="light" mt="xs">
            Go to inventory
          </Button>
        </Alert>
      )}

      <Title order={3} size="h4" mt="md">
        Export the catalogue
      </Title>
      <Group gap="xs">
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => save('export', 'xlsx')}>
          Export (.xlsx)
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => save('export', 'csv')}>
          Export (.csv)
        </Button>
      </Group>
    </Stack>
  );
}

/** How far the work is: the file's reading as it goes, then the server's check or import. */
function Working({ stage }: { stage: Stage }) {
  const [label, value] =
    stage.kind === 'reading'
      ? [IMPORT_MESSAGES.reading, Math.round(stage.share * 40)]
      : stage.kind === 'checking'
        ? [IMPORT_MESSAGES.checking(stage.name), 70]
        : stage.kind === 'importing'
          ? [IMPORT_MESSAGES.importing(stage.preview.counts.new + stage.preview.counts.updated), 85]
          : ['', 0];
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {label}
      </Text>
      <Progress value={value} animated={stage.kind !== 'reading'} striped aria-label={label} size="lg" />
    </Stack>
  );
}

function PreviewView({
  preview,
  isImporting,
  onConfirm,
  onCancel,
}: {
  preview: ImportPreview;
  isImporting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { counts } = preview;
  const writes = counts.new + counts.updated;
  const [isAll, setIsAll] = useState(false);
  const rows = isAll ? preview.rows : preview.rows.slice(0, SHOWN_ROWS);
  return (
    <Stack gap="sm" aria-label="Preview">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {preview.file_name}: {count(preview.rows_read)} rows
      </Text>
      <Group gap="xs">
        <Badge color="green" size="lg">
          New {count(counts.new)}
        </Badge>
        <Badge color="blue" size="lg">
          Updated {count(counts.updated)}
        </Badge>
        <Badge color="gray" size="lg">
          Unchanged {count(counts.unchanged)}
        </Badge>
        <Badge color="red" size="lg">
          Bad rows {count(counts.bad)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Columns:{' '}
        {preview.columns
          .map((column) =>
            column.field ? `${column.heading} → ${labelOf(column.field)}` : `${column.heading} (not read)`,
          )
          .join(' · ')}
      </Text>
      {preview.errors.length > 0 && (
        <Alert color="red" title={`Bad rows (${count(preview.errors.length)})`}>
          <Stack gap={4}>
            <Text size="sm">{IMPORT_MESSAGES.badRowsSkipped(preview.errors.length)}</Text>
            <List size="sm" spacing={2} aria-label="Bad rows">
              {preview.errors.map((error) => (
                <List.Item key={error.row} style={{ overflowWrap: 'anywhere' }}>
                  Row {error.row}: {error.message}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
      {counts.stock_kept > 0 && (
        <Alert color="yellow" role="status">
          {IMPORT_MESSAGES.stockKept(counts.stock_kept)}
        </Alert>
      )}
      {/* Confirm before the rows' list: a long file's rows would push it off the phone's screen. */}
      {writes === 0 && <Text size="sm">{IMPORT_MESSAGES.nothingToImport}</Text>}
      <Group gap="xs" grow>
        <Button variant="default" onClick={onCancel} disabled={isImporting}>
          Cancel
        </Button>
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={onConfirm}
          loading={isImporting}
          disabled={writes === 0}
        >
          Import {count(writes)}
        </Button>
      </Group>
      {rows.length > 0 && (
        <ResponsiveTable
          label="Rows to import"
          minWidth={300}
          rows={rows}
          rowKey={(row) => row.row}
          columns={[
            { header: 'Row', cell: (row) => row.row },
            {
              header: 'Product',
              kind: 'main',
              cell: (row) => (
                <>
                  {row.product_name}
                  {row.sku && (
                    <Text size="xs" c="dimmed">
                      {row.sku}
                    </Text>
                  )}
                  {row.packs && row.packs.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {packsLine(row.base_unit ?? DEFAULT_BASE_UNIT, row.packs)}
                    </Text>
                  )}
                </>
              ),
            },
            {
              header: 'What changes',
              cell: (row) =>
                row.status === 'new' ? (
                  <Badge color="green" variant="light">
                    New
                  </Badge>
                ) : (
                  row.changes.map(labelOf).join(', ')
                ),
            },
          ]}
        />
      )}
      {!isAll && preview.rows.length > SHOWN_ROWS && (
        <Button variant="subtle" onClick={() => setIsAll(true)}>
          Show all {count(preview.rows.length)} rows
        </Button>
      )}
    </Stack>
  );
}
