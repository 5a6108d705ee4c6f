-- Issue 32: a withdrawal's live event says its status as the merchant sees it: `sending` (signed,
-- stored and broadcast) is `processing` to the merchant (shownWithdrawalStatus), as everywhere else.
CREATE OR REPLACE FUNCTION "merchant_events_from_withdrawals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "merchant_events" ("merchant_id", "type", "payload")
  SELECT n.merchant_id, 'withdrawal', jsonb_build_object('count', count(*), 'withdrawals',
      to_jsonb((array_agg(jsonb_build_object('withdrawalNo', n.withdrawal_no,
        'status', CASE WHEN n.status = 'sending' THEN 'processing' ELSE n.status END) ORDER BY n.id))[1:20]))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.status, n.tx_hash) IS DISTINCT FROM (o.status, o.tx_hash)
    GROUP BY n.merchant_id ORDER BY n.merchant_id;
  RETURN NULL;
END $$;
