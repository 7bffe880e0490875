ALTER TABLE "report_payment_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_sale_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_payment_days" DROP CONSTRAINT "report_payment_days_business_id_day_currency_sold_by_pk";--> statement-breakpoint
ALTER TABLE "report_sale_days" DROP CONSTRAINT "report_sale_days_business_id_day_currency_sold_by_payment_status_pk";--> statement-breakpoint
ALTER TABLE "report_payment_days" ADD CONSTRAINT "report_payment_days_business_id_day_currency_sold_by_slot_pk" PRIMARY KEY("business_id","day","currency","sold_by","slot");--> statement-breakpoint
ALTER TABLE "report_sale_days" ADD CONSTRAINT "report_sale_days_business_id_day_currency_sold_by_payment_status_slot_pk" PRIMARY KEY("business_id","day","currency","sold_by","payment_status","slot");--> statement-breakpoint
-- A seller's sales and payments of a day land on one of 8 rows per key instead of one (the slot column,
-- src/db/schema/report-totals.ts says why): the row of the writing connection, its backend pid modulo 8, so
-- that sales confirmed at once from several phones (several pool connections) do not queue on one row lock
-- until each commits. The functions of 0009 that write report_sale_days or report_payment_days are the same
-- with the slot added to the row and to the conflict target; report_totals_rebuild writes slot 0 (the default).
-- Slot 0..7 is stable for a connection, so every statement of one transaction lands in the same rows, in
-- key order as before: two writers on one slot still lock in the same order, two on different slots share none.
CREATE FUNCTION report_slot() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (pg_backend_pid() % 8)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_sales_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_sale_days AS t (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost, slot)
  SELECT business_id, (created_at AT TIME ZONE 'Africa/Lagos')::date, currency, coalesce(created_by, 0),
    payment_status, count(*), sum(total_cart_amount), sum(amount_paid), 0, report_slot()
  FROM new_rows WHERE status = 'active'
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, payment_status, slot) DO UPDATE
  SET sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, paid = t.paid + excluded.paid;

  INSERT INTO report_debtors AS t (business_id, customer_id, name_key, currency, open_sales, owed)
  SELECT business_id, coalesce(customer_id, 0),
    CASE WHEN customer_id IS NULL THEN lower(trim(customer_name)) ELSE '' END, currency,
    count(*), sum(total_cart_amount - amount_paid)
  FROM new_rows WHERE status = 'active' AND payment_status <> 'paid'
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, customer_id, name_key, currency) DO UPDATE
  SET open_sales = t.open_sales + excluded.open_sales, owed = t.owed + excluded.owed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_sales_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT l.business_id, l.sale_id, sum(l.quantity * l.cost_price) AS cost
    FROM pairs m JOIN sale_lines l ON l.business_id = m.business_id AND l.sale_id = m.id
    WHERE (m.was_counted, m.old_day, m.old_currency, m.old_by, m.old_status)
      IS DISTINCT FROM (m.is_counted, m.new_day, m.new_currency, m.new_by, m.new_status)
    GROUP BY l.business_id, l.sale_id
  ),
  changes AS (
    SELECT m.business_id, m.old_day AS day, m.old_currency AS currency, m.old_by AS sold_by,
      m.old_status AS payment_status, -1 AS sales, -m.old_total AS revenue, -m.old_paid AS paid,
      -coalesce(c.cost, 0) AS cost
    FROM pairs m LEFT JOIN moved_costs c ON c.business_id = m.business_id AND c.sale_id = m.id
    WHERE m.was_counted
    UNION ALL
    SELECT m.business_id, m.new_day, m.new_currency, m.new_by, m.new_status, 1, m.new_total, m.new_paid,
      coalesce(c.cost, 0)
    FROM pairs m LEFT JOIN moved_costs c ON c.business_id = m.business_id AND c.sale_id = m.id
    WHERE m.is_counted
  )
  INSERT INTO report_sale_days AS t (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost, slot)
  SELECT business_id, day, currency, sold_by, payment_status, sum(sales), sum(revenue), sum(paid), sum(cost), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sales) <> 0 OR sum(revenue) <> 0 OR sum(paid) <> 0 OR sum(cost) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, payment_status, slot) DO UPDATE
  SET sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, paid = t.paid + excluded.paid,
    cost = t.cost + excluded.cost;

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
      -1 AS lines, -quantity::bigint AS units, -line_total AS revenue
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
    SELECT m.*, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, p.amount
    FROM moved m JOIN payments p ON p.business_id = m.business_id AND p.sale_id = m.id
  ),
  changes AS (
    SELECT business_id, day, old_currency AS currency, old_by AS sold_by, -1 AS payments, -amount AS amount
    FROM moved_payments WHERE was_counted
    UNION ALL
    SELECT business_id, day, new_currency, new_by, 1, amount FROM moved_payments WHERE is_counted
  )
  INSERT INTO report_payment_days AS t (business_id, day, currency, sold_by, payments, amount, slot)
  SELECT business_id, day, currency, sold_by, sum(payments), sum(amount), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4
  HAVING sum(payments) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, day, currency, sold_by, slot) DO UPDATE
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_lines_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, 1 AS lines, l.quantity::bigint AS units, l.line_total AS revenue,
      coalesce(l.quantity * l.cost_price, 0) AS cost
    FROM new_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_sale_days AS t (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost, slot)
  SELECT business_id, day, currency, sold_by, payment_status, 0, 0, 0, sum(cost), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4, 5 HAVING sum(cost) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, payment_status, slot) DO UPDATE SET cost = t.cost + excluded.cost;

  WITH changes AS (
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, 1 AS lines, l.quantity::bigint AS units, l.line_total AS revenue,
      coalesce(l.quantity * l.cost_price, 0) AS cost
    FROM new_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_lines_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, -1 AS lines, -l.quantity::bigint AS units, -l.line_total AS revenue,
      -coalesce(l.quantity * l.cost_price, 0) AS cost
    FROM old_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
    UNION ALL
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, 1 AS lines, l.quantity::bigint AS units, l.line_total AS revenue,
      coalesce(l.quantity * l.cost_price, 0) AS cost
    FROM new_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_sale_days AS t (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost, slot)
  SELECT business_id, day, currency, sold_by, payment_status, 0, 0, 0, sum(cost), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4, 5 HAVING sum(cost) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, payment_status, slot) DO UPDATE SET cost = t.cost + excluded.cost;

  WITH changes AS (
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, -1 AS lines, -l.quantity::bigint AS units, -l.line_total AS revenue,
      -coalesce(l.quantity * l.cost_price, 0) AS cost
    FROM old_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
    UNION ALL
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, 1 AS lines, l.quantity::bigint AS units, l.line_total AS revenue,
      coalesce(l.quantity * l.cost_price, 0) AS cost
    FROM new_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_lines_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, -1 AS lines, -l.quantity::bigint AS units, -l.line_total AS revenue,
      -coalesce(l.quantity * l.cost_price, 0) AS cost
    FROM old_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_sale_days AS t (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost, slot)
  SELECT business_id, day, currency, sold_by, payment_status, 0, 0, 0, sum(cost), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4, 5 HAVING sum(cost) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, payment_status, slot) DO UPDATE SET cost = t.cost + excluded.cost;

  WITH changes AS (
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, -1 AS lines, -l.quantity::bigint AS units, -l.line_total AS revenue,
      -coalesce(l.quantity * l.cost_price, 0) AS cost
    FROM old_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_payments_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      1 AS payments, p.amount AS amount
    FROM new_rows p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_payment_days AS t (business_id, day, currency, sold_by, payments, amount, slot)
  SELECT business_id, day, currency, sold_by, sum(payments), sum(amount), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4
  HAVING sum(payments) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, day, currency, sold_by, slot) DO UPDATE
  SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_payments_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      -1 AS payments, -p.amount AS amount
    FROM old_rows p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.status = 'active'
    UNION ALL
    SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      1 AS payments, p.amount AS amount
    FROM new_rows p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_payment_days AS t (business_id, day, currency, sold_by, payments, amount, slot)
  SELECT business_id, day, currency, sold_by, sum(payments), sum(amount), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4
  HAVING sum(payments) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, day, currency, sold_by, slot) DO UPDATE
  SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_payments_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT p.business_id, (p.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      -1 AS payments, -p.amount AS amount
    FROM old_rows p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_payment_days AS t (business_id, day, currency, sold_by, payments, amount, slot)
  SELECT business_id, day, currency, sold_by, sum(payments), sum(amount), report_slot()
  FROM changes GROUP BY 1, 2, 3, 4
  HAVING sum(payments) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, day, currency, sold_by, slot) DO UPDATE
  SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
