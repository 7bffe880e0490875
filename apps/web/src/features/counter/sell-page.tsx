import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type CatalogueProduct,
  COUNTER_SCREEN_MESSAGES,
  type CounterSaleBody,
  formatMoney,
  type Pack,
} from '@oja/contract';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatAsOf, fullName } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { PageLoader } from '../../ui/page-loader';
import { preloadable } from '../../ui/preloadable';
import { useCurrentUser } from '../auth/session';
import { readCopy } from './catalogue';
import { enqueueSale, NoReceiptPrefixError, soldSinceCopy } from './outbox';
import { ProductFinder, preloadFound, whenIdle } from './product-finder';
import { type ProductSearch, productSearch } from './product-search';
import { addOne, type CartLine, cartTotal, isWeighedLine } from './sale-draft';
import type { DeviceMeta, SaleEntry, SaleSnapshot } from './store';
import { useCounter, useLive, useOnline } from './use-counter';

/**
 * Payment and the receipt come after the first screen; fetched once the copy is on the phone and the phone is
 * idle (and precached for offline): before that they would share a slow network and a slow CPU with the copy.
 */
const loadPayPanel = () => import('./pay-panel');
const loadReceipt = () => import('./counter-receipt');
const PayPanel = lazy(() => loadPayPanel().then((module) => ({ default: module.PayPanel })));
/**
 * The sale's lines (and a line's quantity editor) are drawn once a product is added: loaded with the payment, or as
 * soon as a key is typed in the search box, if that comes sooner.
 */
const saleLine = preloadable(() => import('./sale-line').then((module) => module.SaleLine));
const CounterReceipt = lazy(() => loadReceipt().then((module) => ({ default: module.CounterReceipt })));

/**
 * The counter: find a product by name, SKU or barcode in the copy on this phone, tap to add, pay in one step,
 * and the receipt at once. Every sale goes through the outbox, online or off (ADR 0013).
 */
export default function SellPage() {
  return (
    <RequirePermission permission="sale.confirm">
      <Counter />
    </RequirePermission>
  );
}

export function Counter() {
  const service = useCounter();
  const { db } = service;
  const { business } = useBusinessContext();
  const user = useCurrentUser();
  const isOnline = useOnline();
  const copy = useLive(db, readCopy, []);
  const products = copy?.products;
  const catalogue = copy?.meta;
  const device = useLive(db, async (store) => (await store.meta.get('device')) as DeviceMeta | undefined, []);
  const sold = useLive(db, (store) => soldSinceCopy(store, catalogue?.synced_at ?? 0), [catalogue?.synced_at]);

  const [lines, setLines] = useState<CartLine[]>([]);
  const [step, setStep] = useState<'cart' | 'pay'>('cart');
  const [done, setDone] = useState<SaleEntry | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  // Chosen when the first line is drawn, and kept: a quantity being changed stays open when the code comes.
  const Line = saleLine.useOnceWanted(lines.length > 0);
  const hasCopy = catalogue !== undefined;
  useEffect(() => {
    if (!hasCopy) return;
    return whenIdle(() => {
      void loadPayPanel();
      void loadReceipt();
      void saleLine.preload();
      void preloadFound();
      void import('./schemas');
    });
  }, [hasCopy]);

  // The copy's search index, made once per copy: when the phone is idle after the copy arrives (the screen shows
  // the copy first), or at the first key typed if that comes sooner.
  const index = useMemo(() => {
    let built: ProductSearch | null = null;
    return () => {
      built ??= productSearch([...(products?.values() ?? [])]);
      return built;
    };
  }, [products]);
  useEffect(() => whenIdle(index), [index]);
  const isPartial = catalogue?.is_partial === true;
  const total = cartTotal(lines);
  const currency = lines[0]?.product.currency ?? 'NGN';
  // Kept the same from one render to the next: the finder's rows are not drawn again for it.
  const add = useCallback(
    (product: CatalogueProduct, pack?: Pack | null) => setLines((current) => addOne(current, product, pack ?? null)),
    [],
  );

  const confirm = async (
    sale: Omit<CounterSaleBody, 'client_sale_id' | 'receipt_number' | 'device_id' | 'sold_at'>,
    snapshot: SaleSnapshot,
  ) => {
    setSaveError(null);
    try {
      const entry = await enqueueSale(db, sale, snapshot);
      service.kick();
      setDone(entry);
    } catch (error) {
      setSaveError(error instanceof NoReceiptPrefixError ? COUNTER_SCREEN_MESSAGES.noPrefixYet : String(error));
    }
  };

  const newSale = () => {
    setDone(null);
    setLines([]);
    setStep('cart');
    setTimeout(() => searchBox.current?.focus(), 0);
  };

  if (done) {
    return (
      <Suspense fallback={<PageLoader />}>
        <CounterReceipt entry={done} business={business} onNewSale={newSale} />
      </Suspense>
    );
  }

  const copyNote = catalogue ? (
    <Text size="xs" c={isOnline ? 'dimmed' : 'orange.8'} aria-label="Copy on this phone">
      {isOnline ? 'Online' : 'Offline'} · products as of {formatAsOf(Date.parse(catalogue.taken_at))}
    </Text>
  ) : null;

  return (
    <Stack gap="sm" pb={96} maw={560}>
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Title order={2}>Sell</Title>
        {copyNote}
      </Group>
      {products !== undefined && !catalogue && (
        <Alert color={isOnline ? 'blue' : 'orange'}>
          {isOnline ? 'Copying the products to this phone…' : COUNTER_SCREEN_MESSAGES.noCopyYet}
        </Alert>
      )}
      {device !== undefined && !device?.prefix && !isOnline && (
        <Alert color="orange">{COUNTER_SCREEN_MESSAGES.noPrefixYet}</Alert>
      )}
      {isPartial &&
        (isOnline ? (
          <Text size="xs" c="dimmed">
            {COUNTER_SCREEN_MESSAGES.partialCopyOnline}
          </Text>
        ) : (
          <Alert color="orange" p="xs">
            {COUNTER_SCREEN_MESSAGES.partialCopy}
          </Alert>
        ))}

      {step === 'cart' ? (
        <>
          <ProductFinder
            index={index}
            sold={sold}
            onAdd={add}
            isPartial={isPartial}
            isOnline={isOnline}
            service={service}
            isSaleEmpty={lines.length === 0}
            inputRef={searchBox}
            onSearch={saleLine.preload}
          />

          <Stack gap={4} aria-label="This sale">
            {Line && (
              <Suspense fallback={<Loader size="sm" aria-label="Loading the sale" />}>
                {lines.map((line) => (
                  <Line
                    key={`${line.product.id}:${line.pack?.id ?? ''}`}
                    line={line}
                    onQuantity={(quantity) =>
                      setLines((current) => current.map((each) => (each === line ? { ...each, quantity } : each)))
                    }
                    onRemove={() => setLines((current) => current.filter((each) => each !== line))}
                  />
                ))}
              </Suspense>
            )}
          </Stack>
        </>
      ) : (
        <Suspense fallback={<PageLoader />}>
          <PayPanel
            lines={lines}
            catalogueVersion={catalogue?.version ?? null}
            businessId={business.id}
            sellerName={fullName(user)}
            db={db}
            onBack={() => setStep('cart')}
            onConfirm={confirm}
            saveError={saveError}
          />
        </Suspense>
      )}

      {step === 'cart' && (
        <Paper
          withBorder
          shadow="md"
          p="sm"
          pos="fixed"
          bottom={0}
          left={0}
          right={0}
          style={{ zIndex: 150, borderRadius: 0 }}
        >
          <Group justify="space-between" wrap="nowrap" maw={560} mx="auto">
            <Box>
              <Text size="xs" c="dimmed">
                {/* A weighed line (0.75 kg) is one item. */}
                {itemCount(lines.reduce((sum, line) => sum + (isWeighedLine(line) ? 1 : line.quantity), 0))}
              </Text>
              <Text fw={800} fz="xl" aria-label="Total">
                {formatMoney(total, currency)}
              </Text>
            </Box>
            <Button size="lg" disabled={lines.length === 0} onClick={() => setStep('pay')}>
              Pay
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

const itemCount = (count: number) => (count === 1 ? '1 item' : `${count} items`);
