import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config';

describe('settings', () => {
  it('are each documented in docs/settings.md, which names none the server does not read', () => {
    const documented = readFileSync(new URL('../../docs/settings.md', import.meta.url), 'utf8');
    // The names in each table row's first cell.
    const named = new Set(documented.split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] as string)));
    expect(SETTING_NAMES.filter((name) => !named.has(name))).toEqual([]);
    // The console's build-time twins (VITE_*) are read by Vite, not by the server.
    expect([...named].filter((name) => !SETTING_NAMES.includes(name) && !name.startsWith('VITE_'))).toEqual([]);
  });

  it('refuse a bad value at start with the setting named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
    expect(() => loadConfig({ PUBLIC_URL: 'referral.example.org' })).toThrow(/PUBLIC_URL must be an http or https address/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://referral.example.org' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://referral.example.org/' }).publicUrl).toBe('https://referral.example.org');
  });

  it('run the embedded database in demo mode, and PostgreSQL without demo data unless asked', () => {
    expect(loadConfig({})).toMatchObject({ demo: true, host: '127.0.0.1', port: 8080 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/referral' })).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/referral', DEMO: '1' })).toMatchObject({ demo: true });
  });

  it('read a replica only beside its primary', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/referral', DATABASE_READ_URL: 'postgres://replica/referral' }).databaseReadUrl).toBe('postgres://replica/referral');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/referral' }).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/referral' })).toThrow(/DATABASE_READ_URL: a replica needs its primary/);
  });

  it('read the payment run approval limits per currency: the demo\'s in demo mode, none otherwise unless set', () => {
    expect(loadConfig({ PAYMENT_RUN_APPROVAL_LIMITS: 'XOF=500000, GHS=2000.5' }).approvalLimits).toEqual({ XOF: '500000.00', GHS: '2000.50' });
    expect(loadConfig({ PAYMENT_RUN_APPROVAL_LIMITS: 'none' }).approvalLimits).toEqual({});
    expect(loadConfig({ DATABASE_URL: 'postgres://db/referral' }).approvalLimits).toEqual({});
    expect(loadConfig({}).approvalLimits).toMatchObject({ GHS: '2000.00', XOF: '200000.00' });
    for (const bad of ['XOF', 'xof=5', 'XOF=-1', 'XOF=1e6', 'XOF=5,XOF=6']) {
      expect(() => loadConfig({ PAYMENT_RUN_APPROVAL_LIMITS: bad }), bad).toThrow(/PAYMENT_RUN_APPROVAL_LIMITS/);
    }
  });

  it('queue a payment run of more than PAYMENT_RUN_QUEUE_ABOVE payments: 5000 unless set, in demo mode too', () => {
    expect(loadConfig({}).paymentRunQueueAbove).toBe(5000);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/referral' }).paymentRunQueueAbove).toBe(5000);
    expect(loadConfig({ PAYMENT_RUN_QUEUE_ABOVE: '10' }).paymentRunQueueAbove).toBe(10);
    for (const bad of ['-1', 'many', '1.5']) expect(() => loadConfig({ PAYMENT_RUN_QUEUE_ABOVE: bad }), bad).toThrow(/PAYMENT_RUN_QUEUE_ABOVE/);
  });
});
