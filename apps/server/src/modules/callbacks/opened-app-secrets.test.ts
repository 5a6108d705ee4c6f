import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createSecretBox } from '../../lib/secret-box';
import { sealAppSecret } from '../applications/app-secret';
import { openAppSecretKept } from './opened-app-secrets';

describe('openAppSecretKept', () => {
  it('opens a sealed secret once per application, version and sealed value', () => {
    const box = createSecretBox(randomBytes(32));
    const open = vi.spyOn(box, 'open');
    const first = sealAppSecret(box, 7, 1, 'a'.repeat(64));
    expect(openAppSecretKept(box, 7, 1, first)).toBe('a'.repeat(64));
    expect(openAppSecretKept(box, 7, 1, first)).toBe('a'.repeat(64));
    expect(open).toHaveBeenCalledTimes(1);

    // A reset: a new version, a new secret.
    const second = sealAppSecret(box, 7, 2, 'b'.repeat(64));
    expect(openAppSecretKept(box, 7, 2, second)).toBe('b'.repeat(64));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('never answers a sealed value that does not open for its place', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = sealAppSecret(box, 7, 1, 'a'.repeat(64));
    expect(openAppSecretKept(box, 7, 1, sealed)).toBe('a'.repeat(64));
    // The same sealed value claimed by another application or version is opened, and refused.
    expect(() => openAppSecretKept(box, 8, 1, sealed)).toThrow();
    expect(() => openAppSecretKept(box, 7, 2, sealed)).toThrow();
  });
});
