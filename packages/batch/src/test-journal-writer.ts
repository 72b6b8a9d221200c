/**
 * Child process of journal.test.ts: 16 rows at a time, each records its attempt,
 * waits for it to be durable, then "sends" (appends its row number to a second file), until killed.
 */
import { appendFileSync } from 'node:fs';
import { openJournal } from './open-journal.js';

const [journalFile, sentFile] = process.argv.slice(2) as [string, string];
const journal = openJournal(journalFile, { batch: { id: 'b', template: 't' } });
let next = 1;
async function worker(): Promise<void> {
  for (;;) {
    const row = next++;
    await journal.append({
      type: 'attempt',
      row,
      key: `k${row}`,
      attempt: 1,
      cid: `b.${row}`,
      time: new Date().toISOString(),
    });
    appendFileSync(sentFile, `${row}\n`);
    journal.append({ type: 'done', row, key: `k${row}`, via: 'response', time: new Date().toISOString() });
  }
}
await Promise.all(Array.from({ length: 16 }, worker));
