import { isUsageError, signCorrelationId } from '@vsynth/core';
import { describe, expect, it } from 'vitest';
import { webhookSecretFrom } from './webhook-secret.js';

const SECRET = 'whsec-UNIT-5e7a21';

function refusal(flag: string): { usage: boolean; message: string } {
  try {
    webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: SECRET }, flag);
  } catch (error) {
    return { usage: isUsageError(error), message: (error as Error).message };
  }
  throw new Error('expected a throw');
}

describe('webhookSecretFrom', () => {
  it('reads every spelling with surrounding white space as the same secret, so signing and verifying agree', () => {
    const spellings = [
      SECRET,
      ` ${SECRET}`,
      `${SECRET} `,
      `${SECRET}\r\n`,
      `\t${SECRET}\n`,
      `\uFEFF${SECRET}`,
      `\u00A0${SECRET}\u2003`,
    ];
    for (const value of spellings) {
      expect(webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: value }), JSON.stringify(value)).toBe(SECRET);
      expect(webhookSecretFrom({}, value), JSON.stringify(value)).toBe(SECRET);
    }
    const signatures = new Set(
      spellings.map((value) => signCorrelationId('row-1', webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: value })!)),
    );
    expect([...signatures]).toEqual([signCorrelationId('row-1', SECRET)]);
  });

  it('keeps characters inside the secret: it is only an HMAC key, never sent', () => {
    expect(webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: ' two words\tand\r\na line ' })).toBe('two words\tand\r\na line');
    expect(webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: 'ключ-секрет' })).toBe('ключ-секрет');
  });

  it('means no secret when the variable is unset, empty or only white space', () => {
    expect(webhookSecretFrom({})).toBeUndefined();
    expect(webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: '' })).toBeUndefined();
    expect(webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: ' \t\r\n' })).toBeUndefined();
  });

  it('prefers a given --secret over the variable', () => {
    expect(webhookSecretFrom({ VSYNTH_WEBHOOK_SECRET: 'from-env-secret' }, ` ${SECRET} `)).toBe(SECRET);
  });

  it('refuses a --secret that is empty or only white space with a usage error saying what to do, without falling back to the variable', () => {
    expect(refusal('')).toEqual({
      usage: true,
      message:
        '--secret is empty: give the secret the webhook addresses were signed with, or leave --secret out to use $VSYNTH_WEBHOOK_SECRET.',
    });
    expect(refusal(' \t\r\n')).toEqual({
      usage: true,
      message:
        '--secret is only white space: give the secret the webhook addresses were signed with, or leave --secret out to use $VSYNTH_WEBHOOK_SECRET.',
    });
  });
});
