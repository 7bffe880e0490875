/** What the counter's screens on the phone say (the server's own words are in counter.ts). */
export const COUNTER_SCREEN_MESSAGES = {
  noCopyYet: 'Open the counter once with the network on: it copies the products to this phone.',
  noPrefixYet: 'This phone has no receipt numbers yet: open the counter once with the network on.',
  partialCopy:
    'Not every product is on this phone: it keeps those sold in the last 90 days and those searched. Search with the network on for the others.',
  partialCopyOnline: "This phone keeps part of the shop's products: a search also asks the shop's whole list.",
  searchingShop: "Searching all the shop's products…",
  noMatchNotOnPhone:
    'No product on this phone matches: not every product is on this phone. Search again with the network on.',
  noMatch: 'No product of the copy on this phone matches.',
  amountFormat: 'Enter an amount like 5000, 5,000 or ₦5,000.',
  savedOffline: 'Sale saved on this phone: it goes to the server when the network is back.',
  discardReasonRequired: 'Say why this sale is discarded.',
  nothingWaits: 'Every sale and payment made on this phone has reached the server.',
  logoutWithPending: (count: number) =>
    `${count} ${count === 1 ? 'sale or debt payment' : 'sales and debt payments'} made on this phone ${count === 1 ? 'has' : 'have'} not reached the server yet. Logging out leaves ${count === 1 ? 'it' : 'them'} on this phone until you log in again here.`,
  /** The server recorded the sale but found fewer in stock than were sold (ADR 0013: the sale stands). */
  shortfall: (quantity: number, productName: string) =>
    `${quantity} × ${productName} ${quantity === 1 ? 'was' : 'were'} not in stock: the owner has been told.`,
  /** A line sold at another price than the product's when the sale arrived. */
  priceFlag: (productName: string, charged: string, current: string) =>
    `${productName} was sold at ${charged}; its price is ${current}: the owner has been told.`,
  notCorrectable: 'This sale is no longer waiting for a correction.',
  productGone: 'no longer sold by the shop',
  packGone: 'the shop no longer sells this pack size: sell it again by the unit or another pack',
  corrected: 'Corrected: the sale goes again with the same receipt number.',
  noReceiptYet: 'The receipt PDF is ready once the sale has reached the server.',
  /** A debt payment (ADR 0019): written on the phone first, sent like a sale. */
  paymentSavedOffline: 'Payment saved on this phone: it goes to the server when the network is back.',
  paymentWaitsForSale: (receipt: string) => `Waits for sale ${receipt} to reach the server first.`,
  paymentSaleDiscarded: (receipt: string) =>
    `Sale ${receipt} was discarded on this phone, so this payment cannot be sent: discard it too.`,
  paymentDiscardReasonRequired: 'Say why this payment is discarded.',
  paymentNotCorrectable: 'This payment is no longer waiting for a correction.',
  paymentCorrected: 'Corrected: the payment goes again.',
} as const;

/** What the owner reads of the counter: Needs attention's lines and the review page (ADR 0013). */
export const COUNTER_REVIEW_MESSAGES = {
  unitsNotInStock: (units: number) =>
    `${units} unit${units === 1 ? '' : 's'} sold that ${units === 1 ? 'was' : 'were'} not in stock`,
  salesAtAnotherPrice: (count: number) => `${count} sale${count === 1 ? '' : 's'} at another price`,
  phoneNotSent: (label: string, count: number, waited: string) =>
    `${label} has ${count} sale${count === 1 ? '' : 's'} not sent for ${waited}`,
  settleHelp: 'Say how it was settled, e.g. "Counted: 2 on the shelf" or "Received stock".',
  noShortfalls: 'No units were sold beyond the stock.',
  noPriceFlags: "Every counter sale was at the product's price.",
  noDevices: 'No phone has sold at the counter yet.',
  failed: {
    fetch: 'Could not load the counter review.',
    settle: 'Could not settle this. Try again.',
  },
} as const;
