-- The payment's method joins report_payment_days' key (ADR 0022): the money collected by method over a period is
-- read from the maintained totals instead of the period's payments. The rows are recounted from the payments, and
-- the five functions that write them (the payments' three triggers, the sales' update trigger and the recount)
-- carry the method.
TRUNCATE "report_payment_days";--> statement-breakpoint
ALTER TABLE "report_payment_days" DROP CONSTRAINT "report_payment_days_business_id_day_currency_sold_by_slot_pk";--> statement-breakpoint
ALTER TABLE "report_payment_days" ADD COLUMN "method" text NOT NULL;--> statement-breakpoint
ALTER TABLE "report_payment_days" ADD CONSTRAINT "report_payment_days_business_id_day_currency_sold_by_method_slot_pk" PRIMARY KEY("business_id","day","currency","sold_by","method","slot");--> statement-breakpoint
INSERT INTO report_payment_days (business_id, day, currency, sold_by, method, payments, amount)
SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date, s.currency, coalesce(s.created_by, 0),
  p.method, count(*), sum(p.amount)
FROM payments p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
WHERE s.status = 'active'
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_payments_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      p.method, 1 AS payments, p.amount AS amount
    FROM new_rows p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_payment_days AS t (business_id, day, currency, sold_by, method, payments, amount, slot)
  SELECT business_id, day, currency, sold_by, method, sum(payments), sum(amount), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4, 5
  HAVING sum(payments) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, method, slot) DO UPDATE
  SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_payments_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      p.method, -1 AS payments, -p.amount AS amount
    FROM old_rows p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.status = 'active'
    UNION ALL
    SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      p.method, 1 AS payments, p.amount AS amount
    FROM new_rows p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_payment_days AS t (business_id, day, currency, sold_by, method, payments, amount, slot)
  SELECT business_id, day, currency, sold_by, method, sum(payments), sum(amount), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4, 5
  HAVING sum(payments) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, method, slot) DO UPDATE
  SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_payments_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      p.method, -1 AS payments, -p.amount AS amount
    FROM old_rows p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_payment_days AS t (business_id, day, currency, sold_by, method, payments, amount, slot)
  SELECT business_id, day, currency, sold_by, method, sum(payments), sum(amount), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4, 5
  HAVING sum(payments) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, method, slot) DO UPDATE
  SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.report_sales_after_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  WITH pairs AS (
    SELECT o.business_id, o.id,
      o.status = 'active' AS was_counted, (o.created_at AT TIME ZONE 'Africa/Lagos')::date AS old_day,
      o.currency AS old_currency, coalesce(o.created_by, 0) AS old_by, o.payment_status AS old_status,
      o.total_cart_amount AS old_total, o.amount_paid AS old_paid,
      n.status = 'active' AS is_counted, (n.created_at AT TIME ZONE 'Africa/Lagos')::date AS new_day,
      n.currency AS new_currency, coalesce(n.created_by, 0) AS new_by, n.payment_status AS new_status,
      n.total_cart_amount AS new_total, n.amount_paid AS new_paid
    FROM old_rows o JOIN new_rows n ON n.business_id = o.business_id AND n.id = o.id
  ),
  moved_costs AS (
    SELECT l.business_id, l.sale_id, sum(round(l.quantity * l.cost_price, 2)) AS cost, max(l.id) AS last_line_id
    FROM pairs m JOIN sale_lines l ON l.business_id = m.business_id AND l.sale_id = m.id
    WHERE (m.was_counted, m.old_day, m.old_currency, m.old_by, m.old_status)
      IS DISTINCT FROM (m.is_counted, m.new_day, m.new_currency, m.new_by, m.new_status)
    GROUP BY l.business_id, l.sale_id
  ),
  changes AS (
    SELECT m.business_id, m.old_day AS day, m.old_currency AS currency, m.old_by AS sold_by,
      m.old_status AS payment_status, -1 AS sales, -m.old_total AS revenue, -m.old_paid AS paid,
      -coalesce(c.cost, 0) AS cost, NULL::bigint AS last_line_id
    FROM pairs m LEFT JOIN moved_costs c ON c.business_id = m.business_id AND c.sale_id = m.id
    WHERE m.was_counted
    UNION ALL
    SELECT m.business_id, m.new_day, m.new_currency, m.new_by, m.new_status, 1, m.new_total, m.new_paid,
      coalesce(c.cost, 0), c.last_line_id
    FROM pairs m LEFT JOIN moved_costs c ON c.business_id = m.business_id AND c.sale_id = m.id
    WHERE m.is_counted
  )
  INSERT INTO report_sale_days AS t (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost, slot,
    last_line_id)
  SELECT business_id, day, currency, sold_by, payment_status, sum(sales), sum(revenue), sum(paid), sum(cost), report_slot(),
    max(last_line_id)
  FROM changes GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sales) <> 0 OR sum(revenue) <> 0 OR sum(paid) <> 0 OR sum(cost) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, payment_status, slot) DO UPDATE
  SET sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, paid = t.paid + excluded.paid,
    cost = t.cost + excluded.cost, last_line_id = greatest(t.last_line_id, excluded.last_line_id);

  WITH moved AS (
    SELECT o.business_id, o.id,
      o.status = 'active' AS was_counted, (o.created_at AT TIME ZONE 'Africa/Lagos')::date AS old_day,
      o.currency AS old_currency, coalesce(o.created_by, 0) AS old_by,
      n.status = 'active' AS is_counted, (n.created_at AT TIME ZONE 'Africa/Lagos')::date AS new_day,
      n.currency AS new_currency, coalesce(n.created_by, 0) AS new_by
    FROM old_rows o JOIN new_rows n ON n.business_id = o.business_id AND n.id = o.id
    WHERE (o.status = 'active', (o.created_at AT TIME ZONE 'Africa/Lagos')::date, o.currency, coalesce(o.created_by, 0))
      IS DISTINCT FROM
      (n.status = 'active', (n.created_at AT TIME ZONE 'Africa/Lagos')::date, n.currency, coalesce(n.created_by, 0))
  ),
  moved_lines AS (
    SELECT m.*, l.product_id, l.quantity, l.line_total
    FROM moved m JOIN sale_lines l ON l.business_id = m.business_id AND l.sale_id = m.id
  ),
  changes AS (
    SELECT business_id, old_day AS day, old_currency AS currency, old_by AS sold_by, product_id,
      -1 AS lines, -quantity::numeric AS units, -line_total AS revenue
    FROM moved_lines WHERE was_counted
    UNION ALL
    SELECT business_id, new_day, new_currency, new_by, product_id, 1, quantity, line_total
    FROM moved_lines WHERE is_counted
  ),
  summed AS (
    SELECT business_id, day, currency, sold_by, product_id, sum(lines) AS lines, sum(units) AS units,
      sum(revenue) AS revenue
    FROM changes GROUP BY 1, 2, 3, 4, 5
    HAVING sum(lines) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0
  ),
  all_time AS (
    INSERT INTO report_products AS t (business_id, currency, sold_by, product_id, lines, units, revenue)
    SELECT business_id, currency, sold_by, product_id, sum(lines), sum(units), sum(revenue)
    FROM summed GROUP BY 1, 2, 3, 4
    HAVING sum(lines) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, currency, sold_by, product_id) DO UPDATE
    SET lines = t.lines + excluded.lines, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue
  )
  INSERT INTO report_product_days AS t (business_id, day, currency, sold_by, product_id, lines, units, revenue)
  SELECT * FROM summed ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, product_id) DO UPDATE
  SET lines = t.lines + excluded.lines, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;

  WITH moved AS (
    SELECT o.business_id, o.id,
      o.status = 'active' AS was_counted, o.currency AS old_currency, coalesce(o.created_by, 0) AS old_by,
      n.status = 'active' AS is_counted, n.currency AS new_currency, coalesce(n.created_by, 0) AS new_by
    FROM old_rows o JOIN new_rows n ON n.business_id = o.business_id AND n.id = o.id
    WHERE (o.status = 'active', o.currency, coalesce(o.created_by, 0))
      IS DISTINCT FROM (n.status = 'active', n.currency, coalesce(n.created_by, 0))
  ),
  moved_payments AS (
    SELECT m.*, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, p.method, p.amount
    FROM moved m JOIN payments p ON p.business_id = m.business_id AND p.sale_id = m.id
  ),
  changes AS (
    SELECT business_id, day, old_currency AS currency, old_by AS sold_by, method, -1 AS payments, -amount AS amount
    FROM moved_payments WHERE was_counted
    UNION ALL
    SELECT business_id, day, new_currency, new_by, method, 1, amount FROM moved_payments WHERE is_counted
  )
  INSERT INTO report_payment_days AS t (business_id, day, currency, sold_by, method, payments, amount, slot)
  SELECT business_id, day, currency, sold_by, method, sum(payments), sum(amount), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4, 5
  HAVING sum(payments) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, method, slot) DO UPDATE
  SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;

  WITH changes AS (
    SELECT business_id, coalesce(customer_id, 0) AS customer_id,
      CASE WHEN customer_id IS NULL THEN lower(trim(customer_name)) ELSE '' END AS name_key, currency,
      -1 AS open_sales, -(total_cart_amount - amount_paid) AS owed
    FROM old_rows WHERE status = 'active' AND payment_status <> 'paid'
    UNION ALL
    SELECT business_id, coalesce(customer_id, 0),
      CASE WHEN customer_id IS NULL THEN lower(trim(customer_name)) ELSE '' END, currency,
      1, total_cart_amount - amount_paid
    FROM new_rows WHERE status = 'active' AND payment_status <> 'paid'
  )
  INSERT INTO report_debtors AS t (business_id, customer_id, name_key, currency, open_sales, owed)
  SELECT business_id, customer_id, name_key, currency, sum(open_sales), sum(owed)
  FROM changes GROUP BY 1, 2, 3, 4
  HAVING sum(open_sales) <> 0 OR sum(owed) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, customer_id, name_key, currency) DO UPDATE
  SET open_sales = t.open_sales + excluded.open_sales, owed = t.owed + excluded.owed;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.report_totals_recount(ids bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM report_sale_days WHERE business_id = ANY (ids);
  DELETE FROM report_product_days WHERE business_id = ANY (ids);
  DELETE FROM report_products WHERE business_id = ANY (ids);
  DELETE FROM report_payment_days WHERE business_id = ANY (ids);
  DELETE FROM report_expense_days WHERE business_id = ANY (ids);
  DELETE FROM report_debtors WHERE business_id = ANY (ids);

  INSERT INTO report_sale_days (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost)
  SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date, s.currency, coalesce(s.created_by, 0),
    s.payment_status, count(*), sum(s.total_cart_amount), sum(s.amount_paid), coalesce(sum(c.cost), 0)
  FROM sales s
  LEFT JOIN (
    SELECT business_id, sale_id, sum(round(quantity * cost_price, 2)) AS cost
    FROM sale_lines WHERE business_id = ANY (ids) GROUP BY business_id, sale_id
  ) c ON c.business_id = s.business_id AND c.sale_id = s.id
  WHERE s.business_id = ANY (ids) AND s.status = 'active'
  GROUP BY 1, 2, 3, 4, 5;

  INSERT INTO report_product_days (business_id, day, currency, sold_by, product_id, lines, units, revenue)
  SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date, s.currency, coalesce(s.created_by, 0),
    l.product_id, count(*), sum(l.quantity), sum(l.line_total)
  FROM sale_lines l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
  WHERE l.business_id = ANY (ids) AND s.status = 'active'
  GROUP BY 1, 2, 3, 4, 5;

  INSERT INTO report_products (business_id, currency, sold_by, product_id, lines, units, revenue)
  SELECT business_id, currency, sold_by, product_id, sum(lines), sum(units), sum(revenue)
  FROM report_product_days WHERE business_id = ANY (ids)
  GROUP BY 1, 2, 3, 4;

  INSERT INTO report_payment_days (business_id, day, currency, sold_by, method, payments, amount)
  SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date, s.currency, coalesce(s.created_by, 0),
    p.method, count(*), sum(p.amount)
  FROM payments p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
  WHERE p.business_id = ANY (ids) AND s.status = 'active'
  GROUP BY 1, 2, 3, 4, 5;

  INSERT INTO report_expense_days (business_id, day, currency, category, expenses, amount)
  SELECT business_id, date, currency, category, count(*), sum(amount)
  FROM expenses WHERE business_id = ANY (ids)
  GROUP BY 1, 2, 3, 4;

  INSERT INTO report_debtors (business_id, customer_id, name_key, currency, open_sales, owed)
  SELECT business_id, coalesce(customer_id, 0),
    CASE WHEN customer_id IS NULL THEN lower(trim(customer_name)) ELSE '' END, currency,
    count(*), sum(total_cart_amount - amount_paid)
  FROM sales
  WHERE business_id = ANY (ids) AND status = 'active' AND payment_status <> 'paid'
  GROUP BY 1, 2, 3, 4;
END $function$;
