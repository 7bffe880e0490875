-- Two rules of customer_totals (ADR 0035) as inlined functions, so that each is written once: whether a sale comes
-- after a customer's latest (customer_totals_merge), and whether an updated sale moved, its customer, name, phone,
-- currency or day changed (customer_totals_after_update's deltas and its stale rows).

-- Whether the sale at `sale_at` with id `sale_id` comes after the one at `than_at`, `than_id`: by time, then by id, so
-- that concurrent writers agree in any order. No sale (a null id) comes after none; any sale comes after none.
CREATE FUNCTION customer_sale_is_later(sale_at timestamptz, sale_id bigint, than_at timestamptz, than_id bigint)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT sale_id IS NOT NULL AND (than_id IS NULL OR (sale_at, sale_id) > (than_at, than_id)) $$;
--> statement-breakpoint
-- Whether the sale `o` became `n` with another customer, name (in any letter case or spacing), phone, currency or day:
-- then it offers itself as its new customer's latest, and its old customer's latest sale and phone are read again.
CREATE FUNCTION customer_sale_moved(o sales, n sales) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (o.customer_id, lower(trim(o.customer_name)), o.currency, o.created_at, trim(o.customer_name),
      o.customer_phone)
    IS DISTINCT FROM (n.customer_id, lower(trim(n.customer_name)), n.currency, n.created_at, trim(n.customer_name),
      n.customer_phone) $$;
--> statement-breakpoint
-- What the customers' figures `deltas` (rows of customer_totals' shape, one a customer) change in their rows: the sums
-- add; the latest sale and the latest phone move forward only (customer_sale_is_later, so that concurrent writers land
-- in any order), and a delta without one leaves the row's. The one place that rule is written: new sales, the
-- recount and updated sales all write through it.
CREATE OR REPLACE FUNCTION customer_totals_merge(deltas customer_totals[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_totals AS t
  SELECT * FROM unnest(deltas) d
  -- Rows locked in one order by every writer: two sales' transactions never wait on each other crosswise.
  ORDER BY d.business_id, d.customer_id, d.name_key, d.currency
  ON CONFLICT (business_id, customer_id, name_key, currency) DO UPDATE
  SET sales = t.sales + excluded.sales, sales_count = t.sales_count + excluded.sales_count,
    total_bought = t.total_bought + excluded.total_bought, owed = t.owed + excluded.owed,
    last_sale_at = CASE WHEN customer_sale_is_later(excluded.last_sale_at, excluded.last_sale_id,
      t.last_sale_at, t.last_sale_id) THEN excluded.last_sale_at ELSE t.last_sale_at END,
    last_sale_id = CASE WHEN customer_sale_is_later(excluded.last_sale_at, excluded.last_sale_id,
      t.last_sale_at, t.last_sale_id) THEN excluded.last_sale_id ELSE t.last_sale_id END,
    latest_name = CASE WHEN customer_sale_is_later(excluded.last_sale_at, excluded.last_sale_id,
      t.last_sale_at, t.last_sale_id) THEN excluded.latest_name ELSE t.latest_name END,
    phone = CASE WHEN customer_sale_is_later(excluded.phone_at, excluded.phone_sale_id,
      t.phone_at, t.phone_sale_id) THEN excluded.phone ELSE t.phone END,
    phone_at = CASE WHEN customer_sale_is_later(excluded.phone_at, excluded.phone_sale_id,
      t.phone_at, t.phone_sale_id) THEN excluded.phone_at ELSE t.phone_at END,
    phone_sale_id = CASE WHEN customer_sale_is_later(excluded.phone_at, excluded.phone_sale_id,
      t.phone_at, t.phone_sale_id) THEN excluded.phone_sale_id ELSE t.phone_sale_id END;
END $$;
--> statement-breakpoint
-- Updated sales (a payment, a return, a cancel, a merge or rename, a back-dating): what the old rows counted
-- leaves their customer's row, what the new rows count enters theirs. A sale that changed its customer, day, name
-- or phone ("moved") offers itself as the latest to its new row, and its old row's latest sale and phone are read
-- again from that customer's sales: in a statement of their own, after the first has locked the row, so that the
-- read sees every sale committed to it (a concurrent new sale either committed before the lock was granted or
-- moves the row forward after it).
CREATE OR REPLACE FUNCTION customer_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_totals_merge(array(
    SELECT g::customer_totals FROM (
      WITH pairs AS (
        SELECT o.business_id, n.id,
          customer_is_named(o.customer_id, o.customer_name) AS was_kept,
          coalesce(o.customer_id, 0) AS old_customer, customer_name_key(o.customer_id, o.customer_name) AS old_name_key,
          o.currency AS old_currency, o.status = 'active' AS was_counted, o.total_cart_amount AS old_total,
          CASE WHEN o.status = 'active' AND o.payment_status <> 'paid' THEN o.total_cart_amount - o.amount_paid
            ELSE 0 END AS old_owed,
          customer_is_named(n.customer_id, n.customer_name) AS is_kept,
          coalesce(n.customer_id, 0) AS new_customer, customer_name_key(n.customer_id, n.customer_name) AS new_name_key,
          n.currency AS new_currency, n.status = 'active' AS is_counted, n.total_cart_amount AS new_total,
          CASE WHEN n.status = 'active' AND n.payment_status <> 'paid' THEN n.total_cart_amount - n.amount_paid
            ELSE 0 END AS new_owed,
          n.created_at, trim(n.customer_name) AS name, n.customer_phone AS phone,
          customer_sale_moved(o::sales, n::sales) AS moved
        FROM old_rows o JOIN new_rows n ON n.business_id = o.business_id AND n.id = o.id
      ),
      changes AS (
        SELECT business_id, old_customer AS customer_id, old_name_key AS name_key, old_currency AS currency,
          -1 AS sales, -(was_counted::int) AS sales_count, CASE WHEN was_counted THEN -old_total ELSE 0 END AS total_bought,
          -old_owed AS owed, moved, NULL::timestamptz AS at, NULL::bigint AS id, NULL::text AS name, NULL::text AS phone
        FROM pairs WHERE was_kept
        UNION ALL
        SELECT business_id, new_customer, new_name_key, new_currency, 1, is_counted::int,
          CASE WHEN is_counted THEN new_total ELSE 0 END, new_owed, moved,
          CASE WHEN moved THEN created_at END, CASE WHEN moved THEN id END, CASE WHEN moved THEN name END,
          CASE WHEN moved THEN phone END
        FROM pairs WHERE is_kept
      )
      SELECT business_id, customer_id, name_key, currency, sum(sales)::int, sum(sales_count)::int,
        sum(total_bought), sum(owed),
        (array_agg(at ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL))[1],
        (array_agg(id ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL))[1],
        (array_agg(name ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL))[1],
        (array_agg(phone ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL AND phone IS NOT NULL))[1],
        (array_agg(at ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL AND phone IS NOT NULL))[1],
        (array_agg(id ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL AND phone IS NOT NULL))[1]
      FROM changes GROUP BY 1, 2, 3, 4
      HAVING sum(sales) <> 0 OR sum(sales_count) <> 0 OR sum(total_bought) <> 0 OR sum(owed) <> 0 OR bool_or(moved)) g));

  WITH stale AS (
    SELECT DISTINCT o.business_id, coalesce(o.customer_id, 0) AS customer_id,
      customer_name_key(o.customer_id, o.customer_name) AS name_key, o.currency
    FROM old_rows o JOIN new_rows n ON n.business_id = o.business_id AND n.id = o.id
    WHERE customer_is_named(o.customer_id, o.customer_name)
      AND customer_sale_moved(o::sales, n::sales)
  )
  UPDATE customer_totals t
  SET last_sale_at = l.created_at, last_sale_id = l.id, latest_name = l.name,
    phone = p.customer_phone, phone_at = p.created_at, phone_sale_id = p.id
  FROM stale d
  LEFT JOIN LATERAL (
    SELECT s.created_at, s.id, trim(s.customer_name) AS name FROM sales s
    WHERE s.business_id = d.business_id AND s.currency = d.currency
      AND (d.customer_id <> 0 AND s.customer_id = d.customer_id
        OR d.customer_id = 0 AND s.customer_id IS NULL AND lower(trim(s.customer_name)) = d.name_key)
    ORDER BY s.created_at DESC, s.id DESC LIMIT 1) l ON true
  LEFT JOIN LATERAL (
    SELECT s.created_at, s.id, s.customer_phone FROM sales s
    WHERE s.business_id = d.business_id AND s.currency = d.currency AND s.customer_phone IS NOT NULL
      AND (d.customer_id <> 0 AND s.customer_id = d.customer_id
        OR d.customer_id = 0 AND s.customer_id IS NULL AND lower(trim(s.customer_name)) = d.name_key)
    ORDER BY s.created_at DESC, s.id DESC LIMIT 1) p ON true
  WHERE t.business_id = d.business_id AND t.customer_id = d.customer_id AND t.name_key = d.name_key
    AND t.currency = d.currency;
  RETURN NULL;
END $$;
