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

describe('recordLine and oneLineJson with the bytes of a body', () => {
  it('gives chunks that make up the same line, the bytes themselves in the middle', () => {
    const bytes = Buffer.from(JSON.stringify(payload));
    const chunks = recordLine(records[0]!, 'payload', bytes) as Buffer[];
    expect(chunks[1]).toBe(bytes);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`${JSON.stringify(records[0])}\n`);
  });

  it('keeps bytes that are valid UTF-8, else falls back to the decoded text', () => {
    const valid = Buffer.from('{"name":"✓"}');
    expect(oneLineJson(valid.toString('utf8'), valid)).toBe(valid);
    const invalid = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]); // {"a":"<0xff>"}
    expect(oneLineJson(invalid.toString('utf8'), invalid)).toBe('{"a":"\uFFFD"}');
    expect(oneLineJson('{\n}', Buffer.from('{\n}'))).toBeUndefined();
  });
});
