/** TOTP secrets (encrypted at rest), codes, and one-time recovery codes. */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { decryptSecret, encryptSecret } from '../../platform/crypto.ts';

const PURPOSE = 'mfa';

export function newTotpSecret(): string {
  return generateSecret();
}

export function sealSecret(secret: string, appSecret: string): string {
  return encryptSecret(secret, appSecret, PURPOSE);
}

export function openSecret(sealed: string, appSecret: string): string {
  return decryptSecret(sealed, appSecret, PURPOSE);
}

export async function totpSetup(secret: string, email: string) {
  const otpauthUrl = generateURI({ issuer: 'Assay', label: email, secret });
  const { default: QRCode } = await import('qrcode');
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** True when the 6-digit code is valid now (one step of clock drift allowed either way). */
/**
 * The time step a code matched, or null; a code of a step at or before `afterTimeStep` (the last
 * one accepted) is refused, so a code works once (issue #25).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  afterTimeStep?: number | null,
): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: 30,
    ...(afterTimeStep !== null && afterTimeStep !== undefined ? { afterTimeStep } : {}),
  });
  if (!result.valid) return null;
  return 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
}

/** Recovery codes like "4f7a-c21e"; shown once, stored hashed. */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const hex = randomBytes(4).toString('hex');
    return `${hex.slice(0, 4)}-${hex.slice(4)}`;
  });
}

export function normalizeRecoveryCode(code: string): string {
  return code.trim().toLowerCase();
}
