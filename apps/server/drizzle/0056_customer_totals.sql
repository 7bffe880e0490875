-- Each customer's figures for the customers book (ADR 0035), kept by the sales' statement-level triggers as
-- report_debtors is, and recounted with the report totals: the book read them off every sale of the business on
-- each page asked. A customer is keyed as report_debtors keys a debtor; the sales that name nobody (a blank name,
-- the carts' default 'Unnamed Customer', ANONYMOUS_NAME_KEYS in customer-key.ts) are left out, as the book leaves
-- them out.
CREATE TABLE "customer_totals" (
	"business_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"name_key" text NOT NULL,
	"currency" text NOT NULL,
	"sales" integer NOT NULL,
	"sales_count" integer NOT NULL,
	"total_bought" numeric NOT NULL,
	"owed" numeric NOT NULL,
	"last_sale_at" timestamp with time zone,
	"last_sale_id" bigint,
	"latest_name" text,
	"phone" text,
	"phone_at" timestamp with time zone,
	"phone_sale_id" bigint,
	CONSTRAINT "customer_totals_business_id_customer_id_name_key_currency_pk" PRIMARY KEY("business_id","customer_id","name_key","currency")
);
--> statement-breakpoint
ALTER TABLE "customer_totals" ADD CONSTRAINT "customer_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The figures of the businesses `ids` from their sales, from scratch (the backfill, report_totals_recount).
CREATE FUNCTION customer_totals_recount(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_totals WHERE business_id = ANY (ids);
  INSERT INTO customer_totals (business_id, customer_id, name_key, currency, sales, sales_count, total_bought, owed,
    last_sale_at, last_sale_id, latest_name, phone, phone_at, phone_sale_id)
  SELECT business_id, coalesce(customer_id, 0),
    CASE WHEN customer_id IS NULL THEN lower(trim(customer_name)) ELSE '' END, currency,
    count(*), count(*) FILTER (WHERE status = 'active'),
    coalesce(sum(total_cart_amount) FILTER (WHERE status = 'active'), 0),
    coalesce(sum(total_cart_amount - amount_paid) FILTER (WHERE status = 'active' AND payment_status <> 'paid'), 0),
    (array_agg(created_at ORDER BY created_at DESC, id DESC))[1],
    (array_agg(id ORDER BY created_at DESC, id DESC))[1],
    (array_agg(trim(customer_name) ORDER BY created_at DESC, id DESC))[1],
    (array_agg(customer_phone ORDER BY created_at DESC, id DESC) FILTER (WHERE customer_phone IS NOT NULL))[1],
    (array_agg(created_at ORDER BY created_at DESC, id DESC) FILTER (WHERE customer_phone IS NOT NULL))[1],
    (array_agg(id ORDER BY created_at DESC, id DESC) FILTER (WHERE customer_phone IS NOT NULL))[1]
  FROM sales
  WHERE business_id = ANY (ids)
    AND (customer_id IS NOT NULL OR lower(trim(customer_name)) NOT IN ('', 'unnamed customer'))
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- New sales: their sums enter their customer's row; the latest sale and the latest phone move forward only.
CREATE FUNCTION customer_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_totals AS t (business_id, customer_id, name_key, currency, sales, sales_count, total_bought,
    owed, last_sale_at, last_sale_id, latest_name, phone, phone_at, phone_sale_id)
  SELECT business_id, coalesce(customer_id, 0),
    CASE WHEN customer_id IS NULL THEN lower(trim(customer_name)) ELSE '' END, currency,
    count(*), count(*) FILTER (WHERE status = 'active'),
    coalesce(sum(total_cart_amount) FILTER (WHERE status = 'active'), 0),
    coalesce(sum(total_cart_amount - amount_paid) FILTER (WHERE status = 'active' AND payment_status <> 'paid'), 0),
    (array_agg(created_at ORDER BY created_at DESC, id DESC))[1],
    (array_agg(id ORDER BY created_at DESC, id DESC))[1],
    (array_agg(trim(customer_name) ORDER BY created_at DESC, id DESC))[1],
    (array_agg(customer_phone ORDER BY created_at DESC, id DESC) FILTER (WHERE customer_phone IS NOT NULL))[1],
    (array_agg(created_at ORDER BY created_at DESC, id DESC) FILTER (WHERE customer_phone IS NOT NULL))[1],
    (array_agg(id ORDER BY created_at DESC, id DESC) FILTER (WHERE customer_phone IS NOT NULL))[1]
  FROM new_rows
  WHERE customer_id IS NOT NULL OR lower(trim(customer_name)) NOT IN ('', 'unnamed customer')
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, customer_id, name_key, currency) DO UPDATE
  SET sales = t.sales + excluded.sales, sales_count = t.sales_count + excluded.sales_count,
    total_bought = t.total_bought + excluded.total_bought, owed = t.owed + excluded.owed,
    last_sale_at = CASE WHEN t.last_sale_id IS NULL
      OR (excluded.last_sale_at, excluded.last_sale_id) > (t.last_sale_at, t.last_sale_id)
      THEN excluded.last_sale_at ELSE t.last_sale_at END,
    last_sale_id = CASE WHEN t.last_sale_id IS NULL
      OR (excluded.last_sale_at, excluded.last_sale_id) > (t.last_sale_at, t.last_sale_id)
      THEN excluded.last_sale_id ELSE t.last_sale_id END,
    latest_name = CASE WHEN t.last_sale_id IS NULL
      OR (excluded.last_sale_at, excluded.last_sale_id) > (t.last_sale_at, t.last_sale_id)
      THEN excluded.latest_name ELSE t.latest_name END,
    phone = CASE WHEN excluded.phone_sale_id IS NOT NULL AND (t.phone_sale_id IS NULL
      OR (excluded.phone_at, excluded.phone_sale_id) > (t.phone_at, t.phone_sale_id))
      THEN excluded.phone ELSE t.phone END,
    phone_at = CASE WHEN excluded.phone_sale_id IS NOT NULL AND (t.phone_sale_id IS NULL
      OR (excluded.phone_at, excluded.phone_sale_id) > (t.phone_at, t.phone_sale_id))
      THEN excluded.phone_at ELSE t.phone_at END,
    phone_sale_id = CASE WHEN excluded.phone_sale_id IS NOT NULL AND (t.phone_sale_id IS NULL
      OR (excluded.phone_at, excluded.phone_sale_id) > (t.phone_at, t.phone_sale_id))
      THEN excluded.phone_sale_id ELSE t.phone_sale_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updated sales (a payment, a return, a cancel, a merge or rename, a back-dating): what the old rows counted
-- leaves their customer's row, what the new rows count enters theirs. A sale that changed its customer, day, name
-- or phone ("moved") offers itself as the latest to its new row, and its old row's latest sale and phone are read
-- again from that customer's sales: in a statement of their own, after the first has locked the row, so that the
-- read sees every sale committed to it (a concurrent new sale either committed before the lock was granted or
-- moves the row forward after it).
CREATE FUNCTION customer_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH pairs AS (
    SELECT o.business_id, n.id,
      o.customer_id IS NOT NULL OR lower(trim(o.customer_name)) NOT IN ('', 'unnamed customer') AS was_kept,
      coalesce(o.customer_id, 0) AS old_customer,
      CASE WHEN o.customer_id IS NULL THEN lower(trim(o.customer_name)) ELSE '' END AS old_name_key,
      o.currency AS old_currency, o.status = 'active' AS was_counted, o.total_cart_amount AS old_total,
      CASE WHEN o.status = 'active' AND o.payment_status <> 'paid' THEN o.total_cart_amount - o.amount_paid
        ELSE 0 END AS old_owed,
      n.customer_id IS NOT NULL OR lower(trim(n.customer_name)) NOT IN ('', 'unnamed customer') AS is_kept,
      coalesce(n.customer_id, 0) AS new_customer,
      CASE WHEN n.customer_id IS NULL THEN lower(trim(n.customer_name)) ELSE '' END AS new_name_key,
      n.currency AS new_currency, n.status = 'active' AS is_counted, n.total_cart_amount AS new_total,
      CASE WHEN n.status = 'active' AND n.payment_status <> 'paid' THEN n.total_cart_amount - n.amount_paid
        ELSE 0 END AS new_owed,
      n.created_at, trim(n.customer_name) AS name, n.customer_phone AS phone,
      (o.customer_id, lower(trim(o.customer_name)), o.currency, o.created_at, trim(o.customer_name), o.customer_phone)
        IS DISTINCT FROM
        (n.customer_id, lower(trim(n.customer_name)), n.currency, n.created_at, trim(n.customer_name), n.customer_phone)
        AS moved
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
  INSERT INTO customer_totals AS t (business_id, customer_id, name_key, currency, sales, sales_count, total_bought,
    owed, last_sale_at, last_sale_id, latest_name, phone, phone_at, phone_sale_id)
  SELECT business_id, customer_id, name_key, currency, sum(sales), sum(sales_count), sum(total_bought), sum(owed),
    (array_agg(at ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL))[1],
    (array_agg(id ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL))[1],
    (array_agg(name ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL))[1],
    (array_agg(phone ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL AND phone IS NOT NULL))[1],
    (array_agg(at ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL AND phone IS NOT NULL))[1],
    (array_agg(id ORDER BY at DESC, id DESC) FILTER (WHERE id IS NOT NULL AND phone IS NOT NULL))[1]
  FROM changes GROUP BY 1, 2, 3, 4
  HAVING sum(sales) <> 0 OR sum(sales_count) <> 0 OR sum(total_bought) <> 0 OR sum(owed) <> 0 OR bool_or(moved)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, customer_id, name_key, currency) DO UPDATE
  SET sales = t.sales + excluded.sales, sales_count = t.sales_count + excluded.sales_count,
    total_bought = t.total_bought + excluded.total_bought, owed = t.owed + excluded.owed,
    last_sale_at = CASE WHEN excluded.last_sale_id IS NOT NULL AND (t.last_sale_id IS NULL
      OR (excluded.last_sale_at, excluded.last_sale_id) > (t.last_sale_at, t.last_sale_id))
      THEN excluded.last_sale_at ELSE t.last_sale_at END,
    last_sale_id = CASE WHEN excluded.last_sale_id IS NOT NULL AND (t.last_sale_id IS NULL
      OR (excluded.last_sale_at, excluded.last_sale_id) > (t.last_sale_at, t.last_sale_id))
      THEN excluded.last_sale_id ELSE t.last_sale_id END,
    latest_name = CASE WHEN excluded.last_sale_id IS NOT NULL AND (t.last_sale_id IS NULL
      OR (excluded.last_sale_at, excluded.last_sale_id) > (t.last_sale_at, t.last_sale_id))
      THEN excluded.latest_name ELSE t.latest_name END,
    phone = CASE WHEN excluded.phone_sale_id IS NOT NULL AND (t.phone_sale_id IS NULL
      OR (excluded.phone_at, excluded.phone_sale_id) > (t.phone_at, t.phone_sale_id))
      THEN excluded.phone ELSE t.phone END,
    phone_at = CASE WHEN excluded.phone_sale_id IS NOT NULL AND (t.phone_sale_id IS NULL
      OR (excluded.phone_at, excluded.phone_sale_id) > (t.phone_at, t.phone_sale_id))
      THEN excluded.phone_at ELSE t.phone_at END,
    phone_sale_id = CASE WHEN excluded.phone_sale_id IS NOT NULL AND (t.phone_sale_id IS NULL
      OR (excluded.phone_at, excluded.phone_sale_id) > (t.phone_at, t.phone_sale_id))
      THEN excluded.phone_sale_id ELSE t.phone_sale_id END;

  WITH stale AS (
    SELECT DISTINCT o.business_id, coalesce(o.customer_id, 0) AS customer_id,
      CASE WHEN o.customer_id IS NULL THEN lower(trim(o.customer_name)) ELSE '' END AS name_key, o.currency
    FROM old_rows o JOIN new_rows n ON n.business_id = o.business_id AND n.id = o.id
    WHERE (o.customer_id IS NOT NULL OR lower(trim(o.customer_name)) NOT IN ('', 'unnamed customer'))
      AND (o.customer_id, lower(trim(o.customer_name)), o.currency, o.created_at, trim(o.customer_name), o.customer_phone)
        IS DISTINCT FROM
        (n.customer_id, lower(trim(n.customer_name)), n.currency, n.created_at, trim(n.customer_name), n.customer_phone)
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
--> statement-breakpoint
CREATE TRIGGER sales_customer_totals_insert AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_after_insert();
--> statement-breakpoint
CREATE TRIGGER sales_customer_totals_update AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_after_update();
--> statement-breakpoint
-- Deleted sales recount their businesses (report_totals_rebuild): the customers' figures are recounted with the rest.
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
  PERFORM customer_totals_recount(ids);

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
--> statement-breakpoint
SELECT customer_totals_recount(array(SELECT id FROM businesses ORDER BY id));
