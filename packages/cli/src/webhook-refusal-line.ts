/**
 * The one stderr line every command prints for a webhook delivery its listener refused, so a
 * sender signing with another secret (or calling a cut address) is told, not left unanswered.
 */
import type { WebhookRejection } from '@vsynth/core';

/** A correlation id printed bare when it is plain text, else quoted with escapes (it is the sender's text). */
const PLAIN_ID = /^[\x21-\x7e]{1,128}$/;
/** What JSON quoting leaves as it is that a terminal may act on: DEL, C1 controls (CSI, NEL), line separators. */
const TERMINAL_CONTROLS = /[\x7f-\x9f\u2028\u2029]/g;

/**
 * `refused a webhook delivery (cid row-7, HTTP 401): vs_sig does not verify: …`, without the
 * `vsynth: ` prefix or newline (callers add their own).
 *
 * @example process.stderr.write(`vsynth: ${webhookRefusalLine(rejection)}\n`)
 */
export function webhookRefusalLine(rejection: WebhookRejection): string {
  const id = rejection.correlationId;
  const cid =
    id === undefined
      ? ''
      : `cid ${PLAIN_ID.test(id) ? id : JSON.stringify(id.length > 128 ? `${id.slice(0, 127)}…` : id)}, `;
  // The message may quote the sender's values (JSON-quoted, so already one line).
  return `refused a webhook delivery (${cid}HTTP ${rejection.status}): ${rejection.message}`.replace(
    TERMINAL_CONTROLS,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
