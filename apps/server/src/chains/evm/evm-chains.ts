import type { ChainId } from '../chain-adapter';

/** The EVM chains of the SPEC: one adapter (evm-adapter.ts) serves the three. */
export type EvmChainId = Extract<ChainId, 'ETH' | 'BSC' | 'POLYGON'>;
export const EVM_CHAIN_IDS: readonly EvmChainId[] = ['ETH', 'BSC', 'POLYGON'];

export function isEvmChain(chainId: ChainId): chainId is EvmChainId {
  return (EVM_CHAIN_IDS as readonly string[]).includes(chainId);
}

/** EIP-155 chain ids of the real networks: a node must report its chain's (or CHAIN_ID_<CHAIN>'s). */
export const EVM_MAINNET_IDS: Record<EvmChainId, number> = { ETH: 1, BSC: 56, POLYGON: 137 };

/** What a chain id names, for the start's line when a node reports another chain's. */
export const KNOWN_EVM_NETWORKS: Record<number, string> = {
  1: 'Ethereum',
  56: 'BNB Chain',
  137: 'Polygon',
  11155111: 'Ethereum Sepolia',
  97: 'BNB Chain testnet',
  80002: 'Polygon Amoy',
  31337: 'a local anvil or Hardhat node',
  1337: 'a local development node',
};

/** The tokens the coins table lists on the EVM chains: TOKEN_<COIN>_<CHAIN> may override each contract. */
export type EvmTokenCoin = 'USDT' | 'USDC';
export const EVM_TOKEN_COINS: readonly EvmTokenCoin[] = ['USDT', 'USDC'];
