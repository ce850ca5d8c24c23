import type { SpawnOptions } from 'node:child_process';

export const root: string;
export const CHROMIUM: string;
export function ensureDependencies(): void;
export function portInUse(port: number, host?: string): Promise<boolean>;
export function freePort(): Promise<number>;
export function run(command: string, args: string[], options?: SpawnOptions): Promise<number>;
