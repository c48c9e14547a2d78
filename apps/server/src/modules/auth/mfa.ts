/** TOTP secrets (encrypted at rest), codes, and one-time recovery codes. */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
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
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** True when the 6-digit code is valid now (one step of clock drift allowed either way). */
export async function verifyTotp(secret: string, code: string): Promise<boolean> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const result = await verify({ secret, token, epochTolerance: 30 });
  return result.valid;
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
