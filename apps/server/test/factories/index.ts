/** The one set of factories of the API tests: people and businesses, products and stock, carts and sales. */

export * from './counter';
export * from './people';
export * from './products';
export * from './sales';
