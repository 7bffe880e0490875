import { DEFAULT_CUSTOMER_NAME, MESSAGES, SALES_MESSAGES, STOCK_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  addMember,
  createCart,
  createProduct,
  memberSession,
  sellViaApi,
  setMemberRole,
  signUpCeoViaApi,
  stockOf,
} from '../helpers/api';
import { expectNoSidewaysScroll, expectWithinPhoneWidth, PHONE_WIDTH, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

/** The inventory card of a product: a group named by the product. */
const productCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('a sale from the inventory: two products in a new cart, a partial payment, then paid in full', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const semovita = `Semovita ${Date.now()}`;
  const milk = `Peak Milk ${Date.now()}`;
  await createProduct(page, ceo.businessId, semovita, '1500.00', 10);
  await createProduct(page, ceo.businessId, milk, '400.00', 8);

  // No cart yet: a new-cart dialog asks for the quantity.
  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(productCard(page, semovita)).toContainText('In stock (10)');
  await productCard(page, semovita).getByRole('button', { name: 'Add to cart' }).click();
  const newCart = page.getByRole('dialog', { name: `Add ${semovita} to cart` });
  await expect(newCart.getByLabel('Customer name')).toHaveValue(DEFAULT_CUSTOMER_NAME);
  await expect(newCart.getByLabel('Cart title')).toHaveValue(/^Cart-\d{8}-\d{6}$/);
  await newCart.getByLabel('Customer name').fill('Mama Tobi');
  await newCart.getByLabel('Quantity').fill('2');
  await newCart.getByRole('button', { name: 'Create cart' }).click();
  await expect(page.getByText(MESSAGES.cart.addedToCart(semovita))).toBeVisible();
  await expect(newCart).toBeHidden();

  // Exactly one cart: the product goes straight in and the sales page opens.
  await productCard(page, milk).getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(MESSAGES.cart.addedToCart(milk))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/business/${ceo.slug}/sales$`));
  const carts = page.getByRole('table', { name: 'Carts' });
  const cartRow = carts.getByRole('row').filter({ hasText: 'Mama Tobi' });
  await expect(cartRow).toContainText(`${semovita} × 2`);
  await expect(cartRow).toContainText(`${milk} × 1`);
  await expect(cartRow).toContainText('₦3,400.00');

  // Change a quantity in the cart editor: below 1 it stays as typed and is refused with words.
  await cartRow.getByRole('button', { name: /^Edit / }).click();
  const editor = page.getByRole('dialog', { name: /^Edit / });
  const milkQuantity = editor.getByLabel(`Quantity of ${milk}`);
  await milkQuantity.fill('0');
  await milkQuantity.blur();
  await expect(milkQuantity).toHaveValue('0');
  await editor.getByRole('button', { name: 'Update Cart' }).click();
  await expect(editor.getByText(MESSAGES.cart.quantityMin)).toBeVisible();
  await milkQuantity.fill('3');
  await expect(editor.getByText('₦4,200.00')).toBeVisible();
  await editor.getByRole('button', { name: 'Update Cart' }).click();
  await expect(page.getByText(MESSAGES.cart.updated)).toBeVisible();
  await expect(cartRow).toContainText(`${milk} × 3`);
  await expect(cartRow).toContainText('₦4,200.00');

  // Confirm as a partial payment: the deposit is required.
  await cartRow.getByRole('button', { name: /^Confirm sale of / }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  await confirm.getByText('Partial Payment').click();
  await confirm.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(confirm.getByText(MESSAGES.sale.depositRequired)).toBeVisible();
  await confirm.getByLabel('Deposit amount').fill('1500');
  await confirm.getByLabel('Payment method').click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await confirm.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(page.getByText(MESSAGES.sale.created)).toBeVisible();
  await expect(confirm).toBeHidden();

  // The sales tab shows it as a partial payment; the cart is gone.
  await expect(page).toHaveURL(/[?&]tab=sales/);
  const sales = page.getByRole('table', { name: 'Sales' });
  const saleRow = sales.getByRole('row').filter({ hasText: 'Mama Tobi' });
  await expect(saleRow).toContainText('Partial Payment');
  await expect(saleRow).toContainText('₦4,200.00');
  await expect(saleRow).toContainText('Owes ₦2,700.00');
  await expect(saleRow).toContainText(`${ceo.firstName} ${ceo.lastName}`);
  await page.getByRole('tab', { name: 'Carts' }).click();
  await expect(page.getByText('No carts yet.', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'Sales' }).click();

  // Open it and record the rest.
  await saleRow.getByRole('link', { name: /^View sale / }).click();
  await expect(page.getByRole('heading', { name: /^Sale #\d+$/ })).toBeVisible();
  await expect(page.getByText('Partial Payment', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('Bank transfer');
  await page.getByRole('button', { name: 'Record Payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record Payment' });
  await expect(payment.getByText('Balance: ₦2,700.00')).toBeVisible();
  await payment.getByLabel('Amount').fill('2700');
  await payment.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText(SALES_MESSAGES.paymentRecorded)).toBeVisible();
  await expect(page.getByText('Paid in Full', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record Payment' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('₦0.00');

  // Back in the sales tab it is paid in full.
  await page.getByRole('link', { name: 'Back to sales' }).click();
  await expect(sales.getByRole('row').filter({ hasText: 'Mama Tobi' })).toContainText('Paid in Full');

  // The stock went down by what was sold.
  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(productCard(page, semovita)).toContainText('In stock (8)');
  await expect(productCard(page, milk)).toContainText('In stock (5)');
});

test('with several carts, add to cart asks which one (or a new one); an out-of-stock product cannot be added', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '900.00', 6);
  const beans = await createProduct(page, ceo.businessId, `Beans ${Date.now()}`, '700.00', 0);
  await createCart(page, ceo.businessId, 'Baba Sule', [], 'Morning cart');
  await createCart(page, ceo.businessId, 'Iya Basira', [], 'Evening cart');

  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(productCard(page, beans.product_name)).toContainText('Out of stock');
  await expect(productCard(page, beans.product_name).getByRole('button', { name: 'Add to cart' })).toBeDisabled();

  await productCard(page, rice.product_name).getByRole('button', { name: 'Add to cart' }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${rice.product_name} to cart` });
  await dialog.getByRole('radio', { name: 'Evening cart' }).check();
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(MESSAGES.cart.addedToCart(rice.product_name))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/inventory$/);

  // A new cart from the same dialog.
  await productCard(page, rice.product_name).getByRole('button', { name: 'Add to cart' }).click();
  await dialog.getByRole('radio', { name: 'New cart' }).check();
  await dialog.getByLabel('Customer name').fill('Mallam Musa');
  await dialog.getByRole('button', { name: 'Create cart' }).click();
  await expect(dialog).toBeHidden();
  // The first toast may still be showing beside this one.
  await expect(page.getByText(MESSAGES.cart.addedToCart(rice.product_name)).last()).toBeVisible();

  await page.goto(`/business/${ceo.slug}/sales`);
  const carts = page.getByRole('table', { name: 'Carts' });
  await expect(carts.getByRole('row')).toHaveCount(4);
  await expect(carts.getByRole('row').filter({ hasText: 'Evening cart' })).toContainText(`${rice.product_name} × 2`);
  await expect(carts.getByRole('row').filter({ hasText: 'Morning cart' })).toContainText('No items');
  await expect(carts.getByRole('row').filter({ hasText: 'Mallam Musa' })).toContainText(`${rice.product_name} × 1`);
});

test('add to cart offers every cart of the clerk, past the first page of ten', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '900.00', 6);
  for (let n = 1; n <= 11; n++) {
    await createCart(page, ceo.businessId, `Customer ${n}`, [], `Cart number ${String(n).padStart(2, '0')}`);
  }
  await page.goto(`/business/${ceo.slug}/inventory`);
  await productCard(page, rice.product_name).getByRole('button', { name: 'Add to cart' }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${rice.product_name} to cart` });
  // The oldest cart is on the second page of the cart list: it is offered all the same.
  await expect(dialog.getByRole('radio')).toHaveCount(12);
  await dialog.getByRole('radio', { name: 'Cart number 01' }).check();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(MESSAGES.cart.addedToCart(rice.product_name))).toBeVisible();
  await page.goto(`/business/${ceo.slug}/sales?page=2`);
  const carts = page.getByRole('table', { name: 'Carts' });
  await expect(carts.getByRole('row').filter({ hasText: 'Cart number 01' })).toContainText(`${rice.product_name} × 1`);
});

test('Add Cart: products found by the server, a registered customer, lines removed; then the cart is deleted', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  await createProduct(page, ceo.businessId, `Indomie ${stamp}`, '250.00', 40, {
    selling_price_discount_percentage: '10.00',
  });
  await createProduct(page, ceo.businessId, `Milo ${stamp}`, '333.33', 9);
  await addMember(page, ceo, 'customer', 'Zainab', 'Okoro');

  await page.goto(`/business/${ceo.slug}/sales`);
  await expect(page.getByText('No carts yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Add Cart' }).click();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });
  await expect(editor.getByRole('textbox', { name: 'Title' })).toHaveValue(/^Cart-\d{8}-\d{6}$/);
  await expect(editor.getByRole('textbox', { name: 'Customer name' })).toHaveValue(DEFAULT_CUSTOMER_NAME);

  // A registered customer: their name becomes the cart's customer name.
  await editor.getByRole('combobox', { name: 'Registered customer' }).fill('zain');
  await page.getByRole('option', { name: /Zainab Okoro/ }).click();
  await expect(editor.getByRole('textbox', { name: 'Customer name' })).toHaveValue('Zainab Okoro');

  // The product picker asks the server: only what matches comes back.
  const picker = editor.getByRole('combobox', { name: 'Add product' });
  await picker.fill('milo');
  await expect(page.getByRole('option', { name: /Milo/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Indomie/ })).toHaveCount(0);
  await page.getByRole('option', { name: /Milo/ }).click();
  await picker.fill('indo');
  await page.getByRole('option', { name: /Indomie/ }).click();
  await editor.getByLabel(`Quantity of Milo ${stamp}`).fill('3');
  await editor.getByLabel(`Quantity of Indomie ${stamp}`).fill('2');
  // 3 × ₦333.33 + 2 × ₦225.00 (10% off ₦250.00), to the kobo.
  await expect(editor.getByText('₦1,449.99')).toBeVisible();
  await editor.getByRole('button', { name: `Remove Indomie ${stamp}` }).click();
  await expect(editor.getByText('₦999.99')).toHaveCount(2);
  await editor.getByRole('button', { name: 'Create Cart' }).click();
  await expect(page.getByText(MESSAGES.cart.created)).toBeVisible();
  await expect(editor).toBeHidden();

  const row = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Zainab Okoro' });
  await expect(row).toContainText(`Milo ${stamp} × 3`);
  await expect(row).not.toContainText('Indomie');
  await expect(row).toContainText('₦999.99');

  await row.getByRole('button', { name: /^Delete / }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete cart' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.cart.deleted)).toBeVisible();
  await expect(page.getByText('No carts yet.', { exact: false })).toBeVisible();
});

test('the sales page searches carts through the server and refuses an oversized deposit', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const garri = await createProduct(page, ceo.businessId, `Garri ${Date.now()}`, '800.00', 5);
  for (const customer of ['Baba Sule', 'Iya Basira']) {
    await createCart(page, ceo.businessId, customer, [{ product_id: garri.id, quantity: 1 }]);
  }
  await page.goto(`/business/${ceo.slug}/sales`);
  const carts = page.getByRole('table', { name: 'Carts' });
  await expect(carts.getByRole('row')).toHaveCount(3);
  const searched = page.waitForRequest((request) => request.url().includes('search=basira'));
  await page.getByRole('textbox', { name: 'Search' }).fill('basira');
  await searched;
  await expect(carts.getByRole('row')).toHaveCount(2);
  await expect(carts).toContainText('Iya Basira');
  await expect(page).toHaveURL(/[?&]q=basira/);

  await carts.getByRole('button', { name: /^Confirm sale of / }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  await confirm.getByText('Partial Payment').click();
  await confirm.getByLabel('Deposit amount').fill('800');
  await confirm.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(confirm.getByText(SALES_MESSAGES.depositBelowTotal)).toBeVisible();
  await expect(confirm.getByLabel('Deposit amount')).toHaveValue('800');

  await confirm.getByText('Not Paid').click();
  await confirm.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(page.getByText(MESSAGES.sale.created)).toBeVisible();
  const sales = page.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row').filter({ hasText: 'Iya Basira' })).toContainText('Not Paid');
  expect(await stockOf(page, ceo.businessId, garri.id)).toBe(4);
});

test('only the CEO and salespeople confirm sales: a manager sees no Confirm, and a refusal shows the rule', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const sugar = await createProduct(page, ceo.businessId, `Sugar ${Date.now()}`, '650.00', 10);
  await createCart(page, ceo.businessId, 'Mama Ngozi', [{ product_id: sugar.id, quantity: 2 }]);
  const manager = await addMember(page, ceo, 'manager', 'Kemi', 'Adewale');
  const seller = await addMember(page, ceo, 'sales_person', 'Tunde', 'Bakare');

  const asManager = await memberSession(browser, manager.username);
  await asManager.page.goto(`/business/${ceo.slug}/sales`);
  const managerRow = asManager.page
    .getByRole('table', { name: 'Carts' })
    .getByRole('row')
    .filter({ hasText: 'Mama Ngozi' });
  await expect(managerRow).toContainText('₦1,300.00');
  await expect(managerRow.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(managerRow.getByRole('button', { name: /^Confirm sale of / })).toHaveCount(0);
  await asManager.context.close();

  // A salesperson may: the dialog opens. Demoted meanwhile, the server refuses with the spec's sentence.
  const asSeller = await memberSession(browser, seller.username);
  await asSeller.page.goto(`/business/${ceo.slug}/sales`);
  const sellerRow = asSeller.page
    .getByRole('table', { name: 'Carts' })
    .getByRole('row')
    .filter({ hasText: 'Mama Ngozi' });
  await sellerRow.getByRole('button', { name: /^Confirm sale of / }).click();
  const confirm = asSeller.page.getByRole('dialog', { name: 'Confirm sale' });
  await confirm.getByText('Paid in Full').click();
  await setMemberRole(page, ceo, seller.id, 'sales_rep');
  await confirm.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(MESSAGES.sale.onlyEmployeesOrCeo);
  await asSeller.context.close();
  expect(await stockOf(page, ceo.businessId, sugar.id)).toBe(10);
});

test('at 360 px with touch, the cart dialog picks a customer and a product by tapping; Enter does not create the cart', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const name = `Golden Penny Semovita 10kg ${stamp}`;
  await createProduct(page, ceo.businessId, name, '12500.00', 20);
  // A shop's stock: several long names, so the dropdown has many options to show.
  for (const other of ['Mama Gold Rice 50kg Premium Parboiled', 'Dangote Sugar Granulated 500g Sachet Pack']) {
    await createProduct(page, ceo.businessId, `${other} Semovita-style ${stamp}`, '45000.00', 12);
  }
  // A cheap phone with its keyboard up leaves about 420 px of screen.
  await page.setViewportSize({ width: PHONE_WIDTH, height: 420 });
  await addMember(page, ceo, 'customer', 'Zainab', 'Okoro');
  expect(page.viewportSize()?.width).toBe(PHONE_WIDTH);

  await page.goto(`/business/${ceo.slug}/sales`);
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });

  const customers = editor.getByRole('combobox', { name: 'Registered customer' });
  await customers.tap();
  await customers.fill('zain');
  const zainab = page.getByRole('option', { name: /Zainab Okoro/ });
  await expect(zainab).toBeVisible();
  await expect(zainab).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('customer-picker') });
  await zainab.tap();
  await expect(editor.getByRole('textbox', { name: 'Customer name' })).toHaveValue('Zainab Okoro');

  const products = editor.getByRole('combobox', { name: 'Add product' });
  await products.tap();
  await products.fill('semovita');
  const option = page.getByRole('option', { name: /Golden Penny Semovita/ });
  await expect(option).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(3);
  await expectWithinPhoneWidth(option);
  // The dropdown fits the screen (it scrolls inside) rather than running off its bottom edge.
  const dropdown = page.locator('.mantine-Select-dropdown').filter({ has: option });
  await expectWithinPhoneWidth(dropdown);
  const dropdownBox = await dropdown.boundingBox();
  expect((dropdownBox?.y ?? 0) + (dropdownBox?.height ?? 0)).toBeLessThanOrEqual(420);
  // ...and is no sliver: the box moved up to leave room for its options.
  expect(dropdownBox?.height).toBeGreaterThanOrEqual(100);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('product-picker') });
  await option.tap();
  await expect(editor.getByLabel(`Quantity of ${name}`)).toHaveValue('1');
  // The phone's Go key in the search, with a cart that could be created: it is not, behind the person's back.
  await products.fill('semo');
  await products.press('Enter');
  await page.waitForTimeout(500);
  await expect(editor).toBeVisible();
  await expect(page.getByText(MESSAGES.cart.created)).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Tapping elsewhere closes the search's dropdown, which covers the button on a short screen.
  await editor.getByRole('textbox', { name: 'Title' }).tap();
  await expect(page.getByRole('listbox')).toBeHidden();
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.created)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Carts' })).toContainText('Zainab Okoro');
});

test('a quantity of 1e9 typed in the cart editor keeps the page: the total grows, the save is refused in words', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const semovita = `Golden Penny Semovita Premium Wheat Meal Family Pack 10kg ${stamp}`;
  await createProduct(page, ceo.businessId, semovita, '12500.00', 5);
  await page.goto(`/business/${ceo.slug}/sales`);
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });
  await editor.getByRole('textbox', { name: 'Customer name' }).fill('Alhaji Abdulrahman 🛒 Provisions');
  await editor.getByRole('combobox', { name: 'Add product' }).fill('golden');
  await page.getByRole('option', { name: /Golden Penny/ }).click();
  const quantity = editor.getByLabel(`Quantity of ${semovita}`);

  // 1e9 × ₦12,500 is past what one amount can hold: the preview summed it through toKobo, which threw, and the
  // whole page went to "Something went wrong", the cart typed so far lost.
  await quantity.fill('1000000000');
  await expect(editor.getByText('₦12,500,000,000,000.00').first()).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(editor.getByText(SALES_MESSAGES.quantityMax)).toBeVisible();
  await page.screenshot({ path: shot('editor-1e9') });

  // The line's controls are a thumb's size.
  await expectThumbSized(quantity);
  await expectThumbSized(editor.getByRole('button', { name: `Remove ${semovita}` }));

  await quantity.fill('4');
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.created)).toBeVisible();
  const row = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Alhaji Abdulrahman' });
  await expect(row).toContainText('₦50,000.00');
});

test('a sale of more than is left in stock names the short line, in the dialog and then in the carts list', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const rice = await createProduct(page, ceo.businessId, `Rice ${stamp}`, '900.00', 3);
  const oil = await createProduct(page, ceo.businessId, `Oil ${stamp}`, '2000.00', 10);
  await createCart(
    page,
    ceo.businessId,
    'Mama Tobi',
    [
      { product_id: oil.id, quantity: 1 },
      { product_id: rice.id, quantity: 2 },
    ],
    'Counter cart',
  );
  await page.goto(`/business/${ceo.slug}/sales`);
  const row = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Counter cart' });
  await expect(row).toContainText(`Rice ${stamp} × 2`);

  // Another phone sells two of the three bags of rice meanwhile.
  await sellViaApi(page, ceo.businessId, rice.id, 2, { customer_name: 'Walk-in' });

  await row.getByRole('button', { name: 'Confirm sale of Counter cart' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  // Every option of the payment status is a thumb's size.
  for (const label of ['Paid in Full', 'Partial Payment', 'Not Paid']) {
    await expectThumbSized(confirm.locator('label').filter({ hasText: label }));
  }
  await confirm.getByText('Paid in Full').tap();
  await expectThumbSized(confirm.getByRole('button', { name: 'Confirm sale' }));
  await confirm.getByRole('button', { name: 'Confirm sale' }).tap();
  await expect(confirm.getByRole('alert').filter({ hasText: MESSAGES.product.insufficientStock })).toBeVisible();
  // Which line: "one or more items" alone left the clerk guessing.
  const short = confirm.getByRole('alert').filter({ hasText: 'Not enough stock' });
  await expect(short).toContainText(`Rice ${stamp} × 2: ${STOCK_MESSAGES.onlyInStock(1)}`);
  await expect(short).not.toContainText(`Oil ${stamp}`);
  await page.screenshot({ path: shot('confirm-short') });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  // The list read the cart again: the short line is marked.
  await expect(row.getByText(`Rice ${stamp} × 2`)).toHaveCSS('color', 'rgb(250, 82, 82)');
  await expect(row.getByText(`Oil ${stamp} × 1`)).not.toHaveCSS('color', 'rgb(250, 82, 82)');
});
