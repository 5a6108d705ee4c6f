import type { SecretBox } from '../../lib/secret-box';
import { openAppSecret } from '../applications/app-secret';

/**
 * The opened APPSECRETs the callback worker signs with, kept per application and secret
 * version: a burst of one shop's callbacks opens its sealed secret once, not once per attempt
 * (an AES-GCM open was 3 % of an attempt's CPU). The key holds the sealed value itself, so a
 * reset (a new version) or a re-seal under another key is opened afresh, never answered from
 * before. At most MAX_OPENED secrets per box, the oldest dropped first. The process holds
 * them in memory as long as that; it holds the key that opens them anyway.
 */
const MAX_OPENED = 1024;
const openedPerBox = new WeakMap<SecretBox, Map<string, string>>();

export function openAppSecretKept(
  box: SecretBox,
  applicationId: number,
  secretVersion: number,
  sealed: string,
): string {
  let opened = openedPerBox.get(box);
  if (!opened) {
    opened = new Map();
    openedPerBox.set(box, opened);
  }
  const key = `${applicationId}:${secretVersion}:${sealed}`;
  let secret = opened.get(key);
  if (secret === undefined) {
    secret = openAppSecret(box, applicationId, secretVersion, sealed);
    if (opened.size >= MAX_OPENED) {
      const [oldest] = opened.keys();
      if (oldest !== undefined) opened.delete(oldest);
    }
    opened.set(key, secret);
  }
  return secret;
}
