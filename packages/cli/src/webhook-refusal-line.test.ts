import { describe, expect, it } from 'vitest';
import { webhookRefusalLine } from './webhook-refusal-line.js';

const message = 'vs_sig does not verify: the sender signed with another secret (or the delivery is forged); check VSYNTH_WEBHOOK_SECRET on both ends';

describe('webhookRefusalLine', () => {
  it('names the correlation id and the status before the reason', () => {
    expect(webhookRefusalLine({ status: 401, reason: 'bad-signature', method: 'GET', correlationId: 'row-7', message })).toBe(
      `refused a webhook delivery (cid row-7, HTTP 401): ${message}`,
    );
  });

  it('leaves the id out when the request carried none', () => {
    expect(webhookRefusalLine({ status: 405, reason: 'method-not-allowed', method: 'PUT', message: 'method PUT is not accepted' })).toBe(
      'refused a webhook delivery (HTTP 405): method PUT is not accepted',
    );
  });

  it('quotes an id with spaces or control characters so the line stays one line', () => {
    const line = webhookRefusalLine({ status: 401, reason: 'bad-signature', method: 'GET', correlationId: 'a b\nvsynth: fake', message });
    expect(line).toBe(`refused a webhook delivery (cid "a b\\nvsynth: fake", HTTP 401): ${message}`);
    expect(line).not.toContain('\n');
    expect(webhookRefusalLine({ status: 401, reason: 'bad-signature', method: 'GET', correlationId: 'x'.repeat(300), message })).toContain(`cid "${'x'.repeat(127)}…", HTTP 401`);
  });
});
