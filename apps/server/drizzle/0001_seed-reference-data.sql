-- Reference data the product runs on: chains, currencies per chain (real contract addresses),
-- exchange rates to USDT and fees. Seeded here, not in code, so every database (embedded or
-- PostgreSQL) starts with the same rows and later changes arrive as further migrations.
INSERT INTO "chains" ("chain_id", "chain_name", "native_coin", "icon", "sort") VALUES
  ('ETH', 'Ethereum', 'ETH', '/coins/eth.svg', 1),
  ('TRON', 'Tron', 'TRX', '/coins/trx.svg', 2),
  ('BSC', 'BNB Chain', 'BNB', '/coins/bnb.svg', 3),
  ('POLYGON', 'Polygon', 'POL', '/coins/pol.svg', 4),
  ('DOGE', 'Doge', 'DOGE', '/coins/doge.svg', 5);
--> statement-breakpoint
-- Stablecoins first, then the natives: coin_id order is the display order within a chain.
-- Tron carries no native USDC any more, so there is no USDC-TRC20 row.
INSERT INTO "coins" ("coin_name", "coin_unit", "chain_id", "is_native", "contract_address", "decimals", "icon", "min_deposit_amount", "min_withdrawal_amount", "max_withdrawal_amount") VALUES
  ('USDT', 'USDT-ERC20', 'ETH', false, '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, '/coins/usdt.svg', 1, 10, 100000),
  ('USDT', 'USDT-TRC20', 'TRON', false, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6, '/coins/usdt.svg', 1, 10, 100000),
  ('USDT', 'USDT-BEP20', 'BSC', false, '0x55d398326f99059fF775485246999027B3197955', 18, '/coins/usdt.svg', 1, 10, 100000),
  ('USDT', 'USDT-POLYGON', 'POLYGON', false, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6, '/coins/usdt.svg', 1, 10, 100000),
  ('USDC', 'USDC-ERC20', 'ETH', false, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, '/coins/usdc.svg', 1, 10, 100000),
  ('USDC', 'USDC-BEP20', 'BSC', false, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18, '/coins/usdc.svg', 1, 10, 100000),
  ('USDC', 'USDC-POLYGON', 'POLYGON', false, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6, '/coins/usdc.svg', 1, 10, 100000),
  ('ETH', 'ETH', 'ETH', true, NULL, 18, '/coins/eth.svg', 0.0005, 0.005, 30),
  ('TRX', 'TRX', 'TRON', true, NULL, 6, '/coins/trx.svg', 5, 40, 400000),
  ('BNB', 'BNB', 'BSC', true, NULL, 18, '/coins/bnb.svg', 0.002, 0.02, 160),
  ('POL', 'POL', 'POLYGON', true, NULL, 18, '/coins/pol.svg', 5, 50, 400000),
  ('DOGE', 'DOGE', 'DOGE', true, NULL, 8, '/coins/doge.svg', 10, 60, 600000);
--> statement-breakpoint
-- Starting rates; a rate feed updates them later (updated_at says how fresh a rate is).
INSERT INTO "exchange_rates" ("coin_name", "rate") VALUES
  ('USDT', 1),
  ('USDC', 1),
  ('ETH', 3450.25),
  ('TRX', 0.2731),
  ('BNB', 612.4),
  ('POL', 0.2315),
  ('DOGE', 0.1642);
--> statement-breakpoint
-- collection_rate 0.008 = 0.8 % of each collected amount; payout_fee is fixed, in the coin itself
-- (higher on Ethereum, where gas costs more).
INSERT INTO "fee_rates" ("chain_id", "coin_name", "collection_rate", "payout_fee") VALUES
  ('ETH', 'USDT', 0.008, 5),
  ('TRON', 'USDT', 0.008, 1),
  ('BSC', 'USDT', 0.008, 0.5),
  ('POLYGON', 'USDT', 0.008, 0.5),
  ('ETH', 'USDC', 0.008, 5),
  ('BSC', 'USDC', 0.008, 0.5),
  ('POLYGON', 'USDC', 0.008, 0.5),
  ('ETH', 'ETH', 0.008, 0.0015),
  ('TRON', 'TRX', 0.008, 2),
  ('BSC', 'BNB', 0.008, 0.001),
  ('POLYGON', 'POL', 0.008, 1),
  ('DOGE', 'DOGE', 0.01, 5);
