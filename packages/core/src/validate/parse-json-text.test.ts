import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/validation-error.js';
import { parseJsonText } from './parse-json-text.js';

function messageOf(text: string): string {
  try {
    parseJsonText(text, { source: 'payload.json' });
  } catch (error) {
    expect(isValidationError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a ValidationError');
}

describe('parseJsonText', () => {
  it('parses JSON and ignores a byte order mark', () => {
    expect(parseJsonText('\uFEFF{"a": [1, 2]}', { source: 'x' })).toEqual({ a: [1, 2] });
  });

  it('names the file, line and column in one line', () => {
    const message = messageOf('{\n  "scenes": [\n    {"sceneIdx": 0,}\n  ]\n}\n');
    expect(message).toMatch(/^payload\.json:3:20 is not valid JSON: .+\. Fix the file and try again\.$/);
    expect(message.split('\n')).toHaveLength(1);
  });

  it("places an unexpected character exactly, without the parser's excerpt of the text", () => {
    expect(messageOf('{"a": 1,\n "b": [1, 2,}\n}')).toBe(
      "payload.json:2:13 is not valid JSON: Unexpected token '}'. Fix the file and try again.",
    );
    expect(messageOf('hello')).toBe(
      "payload.json:1:1 is not valid JSON: Unexpected token 'h'. Fix the file and try again.",
    );
    expect(messageOf('{"title": "say \\"hi\\"", "x": tru }')).toBe(
      "payload.json:1:33 is not valid JSON: Unexpected token ' '. Fix the file and try again.",
    );
  });

  it('says a UTF-16 file is not UTF-8 rather than naming a replacement character', () => {
    const utf16 = Buffer.from('\uFEFF{"a": 1}', 'utf16le').toString('utf8');
    expect(messageOf(utf16)).toBe(
      'payload.json:1:1 is not valid JSON: the file is not UTF-8 text (UTF-16, as some Windows tools write, or binary); save it as UTF-8. Fix the file and try again.',
    );
  });

  it('reports truncated and empty input', () => {
    expect(messageOf('{"a": [1, 2')).toMatch(/^payload\.json:1:12 is not valid JSON: .+/);
    expect(messageOf('   ')).toBe('payload.json:1:4 is not valid JSON: the file is empty. Fix the file and try again.');
  });
});
