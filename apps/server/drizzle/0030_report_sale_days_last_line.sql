-- report_sale_days.last_line_id (src/db/schema/report-totals.ts): at least the id of every line of the key's counted
-- sales.
-- A period's best sellers are each named as in their latest line of the period (modules/businesses/sale-figures.ts,
-- bestSellersJson), found by walking the product's lines newest first, probing each one's sale, until one fell
-- in the period: for a past period, every line of the product sold since. A shop of 300 products with a year of
-- 150,000 sales (3 lines a product a day) answered the report of a month a year ago in 153-204 ms, last month's
-- in 25-45; a product sold every few minutes would walk ten times as far. The walk now starts at the period's
-- last line, which the period's day rows give. Kept on the day rows of the sales, which the lines' trigger
-- already upserts with each line (their cost): no row and no index more per sale. On report_product_days with
-- an index by product, the bound was per product (89 → 5 ms for a past week's ten names, psql) but the index
-- cost every sale of a product new that day an insert at a random place: PostgreSQL's CPU 1.35-1.45 → 1.39-1.55
-- ms a request of the load bench's sales, two alternated pairs; kept here, two more pairs measured 1.42-1.58
-- against the base's 1.44-1.66, within the noise. The shop's report of a month a year ago: 135-204 → 27-39 ms.
ALTER TABLE "report_sale_days" ADD COLUMN "last_line_id" bigint;
--> statement-breakpoint
-- The greatest line id of each key's counted sales, as a recount: after 0009's recount (which writes the rows
-- without it) and once for every business here.
CREATE FUNCTION report_sale_days_last_lines(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE report_sale_days t SET last_line_id = m.last_line_id
  FROM (
    SELECT l.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency,
      coalesce(s.created_by, 0) AS sold_by, s.payment_status, max(l.id) AS last_line_id
    FROM sale_lines l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE l.business_id = ANY (ids) AND s.status = 'active'
    GROUP BY 1, 2, 3, 4, 5
  ) m
  WHERE t.business_id = m.business_id AND t.day = m.day AND t.currency = m.currency AND t.sold_by = m.sold_by
    AND t.payment_status = m.payment_status AND t.last_line_id IS DISTINCT FROM m.last_line_id
$$;
--> statement-breakpoint
SELECT report_sale_days_last_lines(array_agg(id)) FROM businesses;
--> statement-breakpoint
-- 0022's rebuild, with the recount's last lines.
CREATE OR REPLACE FUNCTION report_totals_rebuild(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(16016, (b.id % 2147483647)::int)
  FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) AS b;
  PERFORM report_totals_recount(ids);
  PERFORM report_sale_days_last_lines(ids);
  DELETE FROM report_sale_past WHERE business_id = ANY (ids);
  INSERT INTO report_sale_past (business_id, currency, sold_by, sales, revenue, paid)
  SELECT d.business_id, d.currency, d.sold_by, sum(d.sales), sum(d.revenue), sum(d.paid)
  FROM report_sale_days d
  JOIN report_sale_past_anchors a ON a.business_id = d.business_id
  WHERE d.business_id = ANY (ids) AND d.day < a.anchor
  GROUP BY 1, 2, 3
  HAVING sum(d.sales) <> 0 OR sum(d.revenue) <> 0 OR sum(d.paid) <> 0;
END $$;
--> statement-breakpoint
-- The functions of 0014 that move lines' costs into report_sale_days, the same but for the lines' ids: a key's
-- last_line_id is raised to the greatest id of the lines entering it (new lines, whatever their cost, and a
-- sale's lines when it moves to another day, currency, seller or payment status, or is counted again). Lines
-- leaving a key (a cancel, a move) leave it as it was: still at least every counted line's id.
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
    SELECT l.business_id, l.sale_id, sum(l.quantity * l.cost_price) AS cost, max(l.id) AS last_line_id
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
      coalesce(l.quantity * l.cost_price, 0) AS cost, l.id AS line_id
    FROM new_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_sale_days AS t (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost, slot,
    last_line_id)
  SELECT business_id, day, currency, sold_by, payment_status, 0, 0, 0, sum(cost), report_slot(), max(line_id)
  FROM changes GROUP BY 1, 2, 3, 4, 5 HAVING sum(cost) <> 0 OR max(line_id) IS NOT NULL ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, payment_status, slot) DO UPDATE
  SET cost = t.cost + excluded.cost, last_line_id = greatest(t.last_line_id, excluded.last_line_id);

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
      -coalesce(l.quantity * l.cost_price, 0) AS cost, NULL::bigint AS line_id
    FROM old_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
    UNION ALL
    SELECT s.business_id, (s.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, s.currency, coalesce(s.created_by, 0) AS sold_by,
      s.payment_status, l.product_id, 1 AS lines, l.quantity::bigint AS units, l.line_total AS revenue,
      coalesce(l.quantity * l.cost_price, 0) AS cost, l.id AS line_id
    FROM new_rows l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.status = 'active'
  )
  INSERT INTO report_sale_days AS t (business_id, day, currency, sold_by, payment_status, sales, revenue, paid, cost, slot,
    last_line_id)
  SELECT business_id, day, currency, sold_by, payment_status, 0, 0, 0, sum(cost), report_slot(), max(line_id)
  FROM changes GROUP BY 1, 2, 3, 4, 5 HAVING sum(cost) <> 0 OR max(line_id) IS NOT NULL ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (business_id, day, currency, sold_by, payment_status, slot) DO UPDATE
  SET cost = t.cost + excluded.cost, last_line_id = greatest(t.last_line_id, excluded.last_line_id);

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
