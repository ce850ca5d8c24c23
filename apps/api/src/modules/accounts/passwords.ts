/** Password hashing (argon2id, OWASP parameters) and the common-password list. */
import { randomBytes } from 'node:crypto';
import { commonPasswordCheck, type PasswordProblem, passwordProblem } from '@drawhouse/domain';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** `Algorithm.Argon2id`: the package's const enum cannot be read under verbatimModuleSyntax. */
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password, so an unknown email costs the same time as a wrong
 * password.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verify(await dummy, password);
  return false;
}

const isCommon = commonPasswordCheck((dictionary as Record<string, string[]>)['passwords-common'] ?? []);

/** The domain's password rule with the 49,000-entry common list. */
export function checkPassword(password: string): PasswordProblem | undefined {
  return passwordProblem(password, isCommon);
}
