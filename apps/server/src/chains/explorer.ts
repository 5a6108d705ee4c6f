/**
 * Where a payer looks at a transaction of each chain: the chains' public explorers (mainnet),
 * keyed like the `chains` table. Devnet money exists on no public chain, so a test order's
 * transfers get no link.
 */
const TRANSACTION_PAGES: Readonly<Record<string, (txHash: string) => string>> = {
  ETH: (txHash) => `https://etherscan.io/tx/${txHash}`,
  TRON: (txHash) => `https://tronscan.org/#/transaction/${txHash}`,
  BSC: (txHash) => `https://bscscan.com/tx/${txHash}`,
  POLYGON: (txHash) => `https://polygonscan.com/tx/${txHash}`,
  DOGE: (txHash) => `https://blockchair.com/dogecoin/transaction/${txHash}`,
};

export function explorerTransactionUrl(chainId: string, txHash: string, test: boolean): string | null {
  if (test) return null;
  const page = TRANSACTION_PAGES[chainId];
  return page ? page(encodeURIComponent(txHash)) : null;
}
