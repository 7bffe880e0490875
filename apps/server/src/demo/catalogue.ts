/**
 * What the demo shop stocks: a Lagos provisions shop's shelves, at Naira prices of the kind such a
 * shop charges. A batch's expiry is given in days from the day the demo is created (negative: already
 * past), so "expiring soon" and "expired" stay true whenever a server is first started.
 */
export type DemoBatch = { batch: string; quantity: number; expiresInDays: number | null };
export type DemoProduct = {
  name: string;
  cost: string;
  price: string;
  /** Carton or bag price for traders who buy in bulk. */
  wholesale?: string;
  reorderLevel?: number;
  batches: DemoBatch[];
};

/** Long-life goods: two deliveries, the older one running out first. */
const twoDeliveries = (code: string, older: number, newer: number, olderDays: number, newerDays: number) => [
  { batch: `${code}-2408`, quantity: older, expiresInDays: olderDays },
  { batch: `${code}-2411`, quantity: newer, expiresInDays: newerDays },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Golden Penny Semovita 1kg',
    cost: '1450.00',
    price: '1700.00',
    reorderLevel: 15,
    batches: twoDeliveries('GPS1', 40, 60, 150, 300),
  },
  {
    name: 'Golden Penny Semovita 2kg',
    cost: '2800.00',
    price: '3300.00',
    batches: twoDeliveries('GPS2', 30, 40, 160, 320),
  },
  // Tins that must go first: one delivery expires within three weeks.
  {
    name: 'Peak Milk Evaporated 160g',
    cost: '450.00',
    price: '550.00',
    wholesale: '520.00',
    batches: [
      { batch: 'PKE-2405', quantity: 90, expiresInDays: 21 },
      { batch: 'PKE-2411', quantity: 120, expiresInDays: 270 },
    ],
  },
  {
    name: 'Peak Full Cream Milk Powder 400g',
    cost: '3600.00',
    price: '4200.00',
    batches: twoDeliveries('PKP', 25, 30, 200, 380),
  },
  {
    name: 'Indomie Chicken Noodles 70g',
    cost: '180.00',
    price: '250.00',
    wholesale: '230.00',
    reorderLevel: 40,
    batches: twoDeliveries('IND', 150, 200, 120, 240),
  },
  {
    name: 'Indomie Onion Chicken Carton (40 packs)',
    cost: '8500.00',
    price: '9800.00',
    batches: [{ batch: 'INDC-2410', quantity: 30, expiresInDays: 210 }],
  },
  { name: 'Dangote Sugar 500g', cost: '850.00', price: '1000.00', batches: twoDeliveries('DSG5', 50, 60, 365, 540) },
  {
    name: 'Dangote Granulated Sugar 1kg',
    cost: '1600.00',
    price: '1900.00',
    batches: twoDeliveries('DSG1', 40, 50, 365, 540),
  },
  {
    name: 'Kings Vegetable Oil 1L',
    cost: '2600.00',
    price: '3000.00',
    reorderLevel: 10,
    batches: twoDeliveries('KVO1', 40, 50, 240, 420),
  },
  {
    name: 'Kings Vegetable Oil 3L',
    cost: '7400.00',
    price: '8500.00',
    batches: twoDeliveries('KVO3', 20, 25, 240, 420),
  },
  { name: 'Mama Gold Rice 5kg', cost: '8200.00', price: '9500.00', batches: twoDeliveries('MGR5', 25, 30, 300, 450) },
  // Few bags left, below its reorder level: the dashboard's low-stock list has something to say.
  {
    name: 'Royal Stallion Rice 10kg',
    cost: '16000.00',
    price: '18500.00',
    reorderLevel: 20,
    batches: [{ batch: 'RSR-2409', quantity: 30, expiresInDays: 330 }],
  },
  {
    name: 'Honeywell Spaghetti 500g',
    cost: '850.00',
    price: '1000.00',
    batches: twoDeliveries('HWS', 60, 60, 200, 360),
  },
  {
    name: 'Golden Penny Spaghetti 500g',
    cost: '820.00',
    price: '950.00',
    batches: twoDeliveries('GPSP', 60, 60, 200, 360),
  },
  { name: 'Dangote Spaghetti 500g', cost: '800.00', price: '950.00', batches: twoDeliveries('DSP', 50, 50, 200, 360) },
  { name: 'Milo Refill 400g', cost: '2900.00', price: '3400.00', batches: twoDeliveries('MLO', 30, 40, 250, 400) },
  { name: 'Bournvita Refill 500g', cost: '3100.00', price: '3600.00', batches: twoDeliveries('BRV', 25, 35, 250, 400) },
  {
    name: 'Lipton Yellow Label Tea (50 bags)',
    cost: '1400.00',
    price: '1700.00',
    batches: twoDeliveries('LPT', 30, 30, 400, 600),
  },
  { name: 'Nescafé Classic 50g', cost: '1500.00', price: '1800.00', batches: twoDeliveries('NSC', 25, 30, 400, 600) },
  {
    name: 'Maggi Star Cubes (100 pcs)',
    cost: '1700.00',
    price: '2000.00',
    batches: twoDeliveries('MGS', 40, 40, 300, 500),
  },
  {
    name: 'Knorr Chicken Cubes (50 pcs)',
    cost: '1150.00',
    price: '1400.00',
    batches: twoDeliveries('KNR', 40, 40, 300, 500),
  },
  {
    name: 'Dangote Salt 500g',
    cost: '280.00',
    price: '350.00',
    batches: [{ batch: 'DSL-2406', quantity: 100, expiresInDays: null }],
  },
  { name: 'Gino Tomato Paste 210g', cost: '420.00', price: '500.00', batches: twoDeliveries('GNO', 80, 80, 180, 420) },
  { name: 'Titus Sardines 125g', cost: '850.00', price: '1000.00', batches: twoDeliveries('TTS', 50, 60, 500, 700) },
  { name: 'Geisha Mackerel 155g', cost: '900.00', price: '1100.00', batches: twoDeliveries('GSH', 50, 50, 500, 700) },
  {
    name: 'Coca-Cola 50cl PET',
    cost: '280.00',
    price: '350.00',
    wholesale: '320.00',
    batches: twoDeliveries('COK', 96, 120, 60, 150),
  },
  {
    name: 'Fanta Orange 50cl PET',
    cost: '280.00',
    price: '350.00',
    wholesale: '320.00',
    batches: twoDeliveries('FNT', 96, 96, 60, 150),
  },
  // Cans whose last crate is near its date.
  {
    name: 'Malta Guinness 33cl Can',
    cost: '500.00',
    price: '600.00',
    batches: [
      { batch: 'MLG-2406', quantity: 72, expiresInDays: 27 },
      { batch: 'MLG-2410', quantity: 48, expiresInDays: 200 },
    ],
  },
  { name: 'Eva Table Water 75cl', cost: '180.00', price: '250.00', batches: twoDeliveries('EVA', 120, 120, 300, 500) },
  // Yoghurt: one crate is already past its date and still on the shelf (it can no longer be sold), one is close.
  {
    name: 'Hollandia Yoghurt 1L',
    cost: '1700.00',
    price: '2000.00',
    batches: [
      { batch: 'HLY-1031', quantity: 6, expiresInDays: -4 },
      { batch: 'HLY-1115', quantity: 60, expiresInDays: 9 },
    ],
  },
  {
    name: 'Five Alive Pulpy Orange 1L',
    cost: '1300.00',
    price: '1600.00',
    batches: twoDeliveries('FAL', 30, 30, 90, 180),
  },
  { name: 'Cabin Biscuits 225g', cost: '300.00', price: '400.00', batches: twoDeliveries('CAB', 60, 60, 120, 240) },
  // Snacks with a short life: a fresh delivery is close to its date already.
  {
    name: 'Gala Sausage Roll',
    cost: '170.00',
    price: '200.00',
    batches: [{ batch: 'GAL-1118', quantity: 80, expiresInDays: 5 }],
  },
  { name: 'Dano Milk Powder 400g', cost: '3300.00', price: '3900.00', batches: twoDeliveries('DNO', 25, 30, 200, 380) },
  { name: 'Power Oil 1L', cost: '2500.00', price: '2900.00', batches: twoDeliveries('PWO', 35, 40, 240, 420) },
  {
    name: 'Omo Multi-Active Detergent 800g',
    cost: '1700.00',
    price: '2000.00',
    batches: twoDeliveries('OMO', 40, 40, 720, 900),
  },
  {
    name: 'Morning Fresh Dishwashing Liquid 500ml',
    cost: '1100.00',
    price: '1350.00',
    batches: twoDeliveries('MFD', 40, 40, 540, 720),
  },
  { name: 'Lux Beauty Soap 175g', cost: '550.00', price: '650.00', batches: twoDeliveries('LUX', 60, 60, 540, 720) },
  {
    name: 'Close-Up Toothpaste 140g',
    cost: '900.00',
    price: '1100.00',
    batches: twoDeliveries('CLU', 40, 40, 540, 720),
  },
  {
    name: 'Golden Morn Maize Cereal 900g',
    cost: '3200.00',
    price: '3700.00',
    batches: twoDeliveries('GMN', 25, 30, 240, 400),
  },
];

/** People who buy without an account: named on the sale as the shop writes them down. */
export const WALK_IN_NAMES = [
  'Mama Chidinma',
  'Alhaji Sani',
  'Iya Basira',
  'Mr. Okonkwo',
  'Aunty Funke',
  'Chief Adewale',
  'Blessing (Mechanic Village)',
  'Ibrahim Danladi',
  'Walk-in customer',
  'Walk-in customer',
  'Walk-in customer',
];

/** What the shop spends besides stock, month by month. */
export const DEMO_EXPENSES: { daysAgo: number; amount: string; category: string; description: string }[] = [
  { daysAgo: 88, amount: '150000.00', category: 'rent', description: 'Shop rent, Adeniran Ogunsanya St (quarter)' },
  { daysAgo: 85, amount: '18500.00', category: 'utilities', description: 'Prepaid electricity (IKEDC)' },
  { daysAgo: 80, amount: '12000.00', category: 'transport', description: 'Keke to Mile 12 market and back' },
  { daysAgo: 74, amount: '4500.00', category: 'repairs', description: 'Padlock and shutter oiling' },
  { daysAgo: 62, amount: '120000.00', category: 'salaries', description: 'Salaries: Bisi and Musa (month 1)' },
  { daysAgo: 55, amount: '20000.00', category: 'utilities', description: 'Prepaid electricity and generator diesel' },
  { daysAgo: 47, amount: '15000.00', category: 'transport', description: 'Delivery van hire, Trade Fair' },
  { daysAgo: 33, amount: '120000.00', category: 'salaries', description: 'Salaries: Bisi and Musa (month 2)' },
  { daysAgo: 28, amount: '35000.00', category: 'repairs', description: 'Freezer compressor repair' },
  { daysAgo: 21, amount: '22000.00', category: 'utilities', description: 'Generator diesel (25 L)' },
  { daysAgo: 12, amount: '9500.00', category: 'other', description: 'LASAA signage levy' },
  { daysAgo: 6, amount: '13500.00', category: 'transport', description: 'Keke and okada for deliveries' },
  { daysAgo: 3, amount: '120000.00', category: 'salaries', description: 'Salaries: Bisi and Musa (month 3)' },
];
