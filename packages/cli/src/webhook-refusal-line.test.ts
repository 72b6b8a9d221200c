import { describe, expect, it } from 'vitest';
import { webhookRefusalLine } from './webhook-refusal-line.js';

const message =
  'vs_sig does not verify: the sender signed with another secret (or the delivery is forged); check VSYNTH_WEBHOOK_SECRET on both ends';

describe('webhookRefusalLine', () => {
  it('names the correlation id and the status before the reason', () => {
    expect(
      webhookRefusalLine({ status: 401, reason: 'bad-signature', method: 'GET', correlationId: 'row-7', message }),
    ).toBe(`refused a webhook delivery (cid row-7, HTTP 401): ${message}`);
  });

  it('leaves the id out when the request carried none', () => {
    expect(
      webhookRefusalLine({
        status: 405,
        reason: 'method-not-allowed',
        method: 'PUT',
        message: 'method PUT is not accepted',
      }),
    ).toBe('refused a webhook delivery (HTTP 405): method PUT is not accepted');
  });

  it('quotes an id with spaces or control characters so the line stays one line', () => {
    const line = webhookRefusalLine({
      status: 401,
      reason: 'bad-signature',
      method: 'GET',
      correlationId: 'a b\nvsynth: fake',
      message,
    });
    expect(line).toBe(`refused a webhook delivery (cid "a b\\nvsynth: fake", HTTP 401): ${message}`);
    expect(line).not.toContain('\n');
    expect(
      webhookRefusalLine({
        status: 401,
        reason: 'bad-signature',
        method: 'GET',
        correlationId: 'x'.repeat(300),
        message,
      }),
    ).toContain(`cid "${'x'.repeat(127)}…", HTTP 401`);
  });

  it('escapes the C1 controls and line separators JSON leaves as they are, in the id and in the quoted values of the message', () => {
    // U+009B is CSI and U+0085 NEL to a terminal that reads C1 controls (xterm, the Linux console).
    const line = webhookRefusalLine({
      status: 400,
      reason: 'malformed-delivery',
      method: 'GET',
      correlationId: 'r\u009b2J\u0085vsynth: fake\u2028x\u007f',
      message:
        'malformed delivery (duration must be a decimal number as text (e.g. 12.5), received "\u009b2J\u0085x"): …',
    });
    expect(line).toBe(
      'refused a webhook delivery (cid "r\\u009b2J\\u0085vsynth: fake\\u2028x\\u007f", HTTP 400): malformed delivery (duration must be a decimal number as text (e.g. 12.5), received "\\u009b2J\\u0085x"): …',
    );
  });
});
