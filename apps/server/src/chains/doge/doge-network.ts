import { Address, type NETWORK, p2pkh } from '@scure/btc-signer';

/**
 * Dogecoin's networks (DOGE_NETWORK), with the version bytes of Dogecoin Core's chainparams.cpp
 * (1.14): P2PKH and P2SH address prefixes and the WIF secret-key prefix. Dogecoin has no SegWit,
 * so no bech32 prefix is ever accepted (isValidDogeAddressOn takes P2PKH and P2SH only).
 * `nodeChain` is what the node's getblockchaininfo calls the network ("main", "test",
 * "regtest"): a start whose node answers another chain refuses (chains/doge).
 *
 * Regtest's P2PKH prefix (111, "m…"/"n…") is Bitcoin's and Litecoin's too: the tests run the
 * adapter against litecoind -regtest, whose legacy addresses and signatures agree.
 */
export const DOGE_NETWORK_NAMES = ['mainnet', 'testnet', 'regtest'] as const;
export type DogeNetworkName = (typeof DOGE_NETWORK_NAMES)[number];

export interface DogeNetwork {
  name: DogeNetworkName;
  nodeChain: 'main' | 'test' | 'regtest';
  /** The prefixes in @scure/btc-signer's form (its Address, p2pkh and WIF take them). */
  params: typeof NETWORK;
}

export const DOGE_NETWORKS: Record<DogeNetworkName, DogeNetwork> = {
  // base58Prefixes[PUBKEY_ADDRESS] 30 ("D…"), [SCRIPT_ADDRESS] 22 ("9…"/"A…"), [SECRET_KEY] 158.
  mainnet: {
    name: 'mainnet',
    nodeChain: 'main',
    params: { bech32: 'doge', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e },
  },
  // 113 ("n…"), 196 ("2…"), 241.
  testnet: {
    name: 'testnet',
    nodeChain: 'test',
    params: { bech32: 'tdge', pubKeyHash: 0x71, scriptHash: 0xc4, wif: 0xf1 },
  },
  // 111 ("m…"/"n…"), 196 ("2…"), 239.
  regtest: {
    name: 'regtest',
    nodeChain: 'regtest',
    params: { bech32: 'dcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  },
};

/** The P2PKH address of a compressed SEC1 public key on the network. */
export function dogeAddressOf(publicKey: Uint8Array, network: DogeNetwork): string {
  const address = p2pkh(publicKey, network.params).address;
  if (!address) throw new Error('p2pkh gave no address');
  return address;
}

/** P2PKH or P2SH on the network, checksum included: the addresses a payout may go to. */
export function isValidDogeAddressOn(address: string, network: DogeNetwork): boolean {
  if (typeof address !== 'string') return false;
  try {
    const decoded = Address(network.params).decode(address);
    return decoded.type === 'pkh' || decoded.type === 'sh';
  } catch {
    return false;
  }
}
