CREATE TABLE "report_sale_past" (
	"business_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"sold_by" bigint NOT NULL,
	"sales" bigint NOT NULL,
	"revenue" numeric NOT NULL,
	"paid" numeric NOT NULL,
	CONSTRAINT "report_sale_past_business_id_currency_sold_by_pk" PRIMARY KEY("business_id","currency","sold_by")
);
--> statement-breakpoint
CREATE TABLE "report_sale_past_anchors" (
	"business_id" bigint PRIMARY KEY NOT NULL,
	"anchor" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_sale_past" ADD CONSTRAINT "report_sale_past_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sale_past_anchors" ADD CONSTRAINT "report_sale_past_anchors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- report_sale_past (src/db/schema/report-totals.ts): report_sale_days' sales, revenue and paid summed per
-- currency and seller over the days before the business's anchor, so that the all-time totals read those
-- few rows and the day rows from the anchor on instead of every day row (2,196 for the load data's large
-- business). Kept by statement-level triggers on sales beside 0009's: only a sale of a day before the
-- anchor (a payment on an old sale, a cancel, a back-dated created_at, a seller's account gone) changes a
-- row here; a sale of today writes nothing more. Each writer first takes the business's advisory lock in
-- shared mode, the very lock of report_product_window (class 16016, report_product_window_lock): a sale
-- then takes it once, at its header, instead of at its lines, and two classes could deadlock two writers
-- against two refreshes (each writer holding one class and waiting for the other behind a refresh).
-- report_sale_past_refresh takes it exclusively: a delta is either in the days it sums or applied against
-- its new anchor. The triggers' names sort them before 0009's sales_report_* (same event, name order), so
-- the lock is taken before any totals row. Rows are taken in key order, as in 0009.
CREATE FUNCTION report_sale_past_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_product_window_lock(array(SELECT business_id FROM new_rows));
  INSERT INTO report_sale_past AS t (business_id, currency, sold_by, sales, revenue, paid)
  SELECT n.business_id, n.currency, coalesce(n.created_by, 0), count(*), sum(n.total_cart_amount), sum(n.amount_paid)
  FROM new_rows n
  JOIN report_sale_past_anchors a ON a.business_id = n.business_id
  WHERE n.status = 'active' AND (n.created_at AT TIME ZONE 'Africa/Lagos')::date < a.anchor
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (business_id, currency, sold_by) DO UPDATE
  SET sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, paid = t.paid + excluded.paid;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the old rows counted before the anchor leaves, what the new rows count before it enters: a payment
-- on a sale of an earlier day, a cancel, a sale moved across the anchor either way.
CREATE FUNCTION report_sale_past_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_product_window_lock(array(SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows));
  INSERT INTO report_sale_past AS t (business_id, currency, sold_by, sales, revenue, paid)
  SELECT c.business_id, c.currency, c.sold_by, sum(c.sales), sum(c.revenue), sum(c.paid)
  FROM (
    SELECT business_id, created_at, currency, coalesce(created_by, 0) AS sold_by, 1 AS sales,
      total_cart_amount AS revenue, amount_paid AS paid
    FROM new_rows WHERE status = 'active'
    UNION ALL
    SELECT business_id, created_at, currency, coalesce(created_by, 0), -1, -total_cart_amount, -amount_paid
    FROM old_rows WHERE status = 'active'
  ) AS c
  JOIN report_sale_past_anchors a ON a.business_id = c.business_id
  WHERE (c.created_at AT TIME ZONE 'Africa/Lagos')::date < a.anchor
  GROUP BY 1, 2, 3
  HAVING sum(c.sales) <> 0 OR sum(c.revenue) <> 0 OR sum(c.paid) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (business_id, currency, sold_by) DO UPDATE
  SET sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, paid = t.paid + excluded.paid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_past_totals_insert AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_sale_past_after_insert();
--> statement-breakpoint
CREATE TRIGGER sales_past_totals_update AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_sale_past_after_update();
--> statement-breakpoint
-- The anchor moved to `today`, unless it is there already (or ahead: a clock set back). One statement, in
-- its own transaction: the exclusive lock waits for the writers in flight, and what follows reads with a
-- snapshot taken after it (READ COMMITTED), so it sees all they wrote. The days from the old anchor to
-- yesterday are added (a day's rows, once a day); without an anchor every day before today is summed.
CREATE FUNCTION report_sale_past_refresh(business bigint, today date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was date;
BEGIN
  -- Moved already (the overviews that found it behind at once): no need to wait for the writers.
  IF (SELECT anchor FROM report_sale_past_anchors WHERE business_id = business) >= today THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(16016, (business % 2147483647)::int);
  SELECT anchor INTO was FROM report_sale_past_anchors WHERE business_id = business;
  IF was >= today THEN
    RETURN;
  END IF;
  IF was IS NULL THEN
    DELETE FROM report_sale_past WHERE business_id = business;
  END IF;
  INSERT INTO report_sale_past AS t (business_id, currency, sold_by, sales, revenue, paid)
  SELECT d.business_id, d.currency, d.sold_by, sum(d.sales), sum(d.revenue), sum(d.paid)
  FROM report_sale_days d
  WHERE d.business_id = business AND d.day < today AND (was IS NULL OR d.day >= was)
  GROUP BY 1, 2, 3
  HAVING sum(d.sales) <> 0 OR sum(d.revenue) <> 0 OR sum(d.paid) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (business_id, currency, sold_by) DO UPDATE
  SET sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, paid = t.paid + excluded.paid;
  INSERT INTO report_sale_past_anchors (business_id, anchor) VALUES (business, today)
  ON CONFLICT (business_id) DO UPDATE SET anchor = excluded.anchor;
END $$;
--> statement-breakpoint
-- report_totals_rebuild recounts the day rows from the sales (after a sale's deletion, a TRUNCATE): the past
-- rows are then summed again from them, the anchors kept. It holds the businesses' lock exclusively, so no
-- sale's delta against the past lands between the recount and the sum. The recount itself is 0009's,
-- renamed: the rebuild's callers (the sales' delete trigger, the tests, an operator) keep its name.
ALTER FUNCTION report_totals_rebuild(bigint[]) RENAME TO report_totals_recount;
--> statement-breakpoint
CREATE FUNCTION report_totals_rebuild(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(16016, (b.id % 2147483647)::int)
  FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) AS b;
  PERFORM report_totals_recount(ids);
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
-- Every business anchored today (the load data's largest business: its 2,196 day rows, a few milliseconds).
SELECT report_sale_past_refresh(id, (now() AT TIME ZONE 'Africa/Lagos')::date) FROM businesses ORDER BY id;
