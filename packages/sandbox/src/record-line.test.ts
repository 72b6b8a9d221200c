import { describe, expect, it } from 'vitest';
import { oneLineJson, recordLine } from './record-line.js';
import type { StoreRecord } from './records.js';

const payload = { name: 'Ünïcode ✓ "quoted"\u2028', scenes: [{ scripts: [{ org: '<p>Hi</p>' }], n: -0, big: 1e21 }], ['__proto__']: { x: 1 } };
const records: StoreRecord[] = [
  { t: 'project', v: { id: 'p1', owner: 'key:ab', format: 'v3', name: undefined, payload, revision: 1, createdAt: 't', updatedAt: 't' } },
  { t: 'ledger', v: { id: 'l1', owner: 'key:ab', endpoint: 'POST /x', time: 't', cubes: 2, projectId: 'p1', body: payload } },
];

describe('recordLine', () => {
  it('is JSON.stringify(record) and a newline when given the field as JSON.stringify writes it', () => {
    expect(recordLine(records[0]!, 'payload', JSON.stringify(payload))).toBe(`${JSON.stringify(records[0])}\n`);
    expect(recordLine(records[1]!, 'body', JSON.stringify(payload))).toBe(`${JSON.stringify(records[1])}\n`);
  });

  it('writes the given text for the field, and the line replays to the same record with keys in the same order', () => {
    const text = ' { "name" : "Ünïcode ✓ \\"quoted\\"\\u2028", "scenes": [ {"scripts":[{"org":"<p>Hi</p>"}], "n": -0, "big": 1000000000000000000000 } ], "__proto__": {"x": 1} } ';
    const line = recordLine(records[1]!, 'body', text);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(line).toContain(text);
    const replayed = JSON.parse(line) as StoreRecord;
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(records[1]));
    expect(Object.keys(replayed.v)).toEqual(Object.keys(records[1]!.v));
  });
});

describe('oneLineJson', () => {
  it('keeps one-line JSON text and refuses text with a line break or none at all', () => {
    expect(oneLineJson('{"a":[1,2]}')).toBe('{"a":[1,2]}');
    expect(oneLineJson('{\n  "a": 1\n}')).toBeUndefined();
    expect(oneLineJson('{"a":1}\r\n')).toBeUndefined();
    expect(oneLineJson('  ')).toBeUndefined();
  });
});

describe('recordLine edge cases', () => {
  it('handles the field first, last, absent or undefined, and a record of that field alone', () => {
    const cases: [StoreRecord, string][] = [
      [{ t: 'ledger', v: { body: { a: 1 }, id: 'x' } as never }, 'body'],
      [{ t: 'ledger', v: { id: 'x', body: { a: 1 } } as never }, 'body'],
      [{ t: 'ledger', v: { body: { a: 1 } } as never }, 'body'],
      [{ t: 'ledger', v: { id: 'x', skipped: undefined, body: { a: 1 }, after: undefined } as never }, 'body'],
    ];
    for (const [record, field] of cases) {
      expect(recordLine(record, field, JSON.stringify((record.v as never)[field]))).toBe(`${JSON.stringify(record)}\n`);
    }
    const absent: StoreRecord = { t: 'ledger', v: { id: 'x' } as never };
    expect(recordLine(absent, 'body', '{}')).toBe(`${JSON.stringify(absent)}\n`);
  });
});
