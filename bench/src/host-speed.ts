/**
 * A fixed single-threaded workload, timed before a run, so that figures of different machines or days can be
 * told apart from changes of the code: the same build measured up to twice as far apart in CPU per request on
 * two days of "the same" 2-core machine. JSON of product-like rows, as the server makes
 * and reads them; the fastest of several runs, which other work on the machine can only slow down.
 */
export function hostSpeedMs(runs = 7): number {
  const rows = Array.from({ length: 50 }, (_, i) => ({
    id: 100_000 + i,
    product_name: `Indomie Chicken ${i} 70g carton`,
    sku: `SKU-${i.toString().padStart(6, '0')}`,
    selling_price: `${1_250 + i}.50`,
    cost_price: `${900 + i}.00`,
    quantity: 40 + i,
    expiration_date: '2027-01-31',
    is_archived: false,
  }));
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    let total = 0;
    for (let i = 0; i < 2_000; i++) total += JSON.parse(JSON.stringify(rows)).length;
    if (total !== 100_000) throw new Error('host speed: the workload changed');
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
