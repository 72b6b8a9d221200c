import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIssue, isTemplateError, type TemplateError } from '@vsynth/core';
import { compileText } from './compile-text.js';
import { createHandlebars } from './create-handlebars.js';

const env = createHandlebars();
const plain = (source: string) => compileText(source, { env, escape: 'none', path: ['updates', 'title'] });
const script = (source: string) => compileText(source, { env, escape: 'html', path: ['updates', 'scripts_1'] });

describe('compileText', () => {
  it('keeps plain text exactly as typed', () => {
    expect(plain('Hello {{name}}').render({ name: 'Tom & Jerry <3' }, 1)).toEqual({
      ok: true,
      value: 'Hello Tom & Jerry <3',
    });
  });

  it('HTML-escapes values in script text but keeps the template tags', () => {
    expect(script('<p>Hi {{name}}, {{upper name}}</p>').render({ name: `Tom & "Jerry" <3` }, 1)).toEqual({
      ok: true,
      value: '<p>Hi Tom &amp; &quot;Jerry&quot; &lt;3, TOM &amp; &quot;JERRY&quot; &lt;3</p>',
    });
  });

  it('lets triple braces opt out of escaping in script text', () => {
    expect(script('{{{html}}}').render({ html: '<span>x</span>' }, 1)).toEqual({ ok: true, value: '<span>x</span>' });
  });

  it('names row and variable when a column is missing, with a typo hint', () => {
    const result = plain('Hello {{fristName}} {{lastName}}').render({ firstName: 'A' }, 7);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => [i.row, i.field])).toEqual([
      [7, 'fristName'],
      [7, 'lastName'],
    ]);
    expect(formatIssue(result.issues[0]!)).toBe(
      '✖ missing variable "fristName" in updates.title: the row has no such column (did you mean "firstName"?)\n  → at row 7, fristName · updates.title',
    );
  });

  it('catches a missing value inside a block in both escape modes', () => {
    for (const t of [plain('{{#each items}}{{label}}{{/each}}'), script('{{#each items}}{{label}}{{/each}}')]) {
      const result = t.render({ items: [{ label: 'a' }, {}] }, 2);
      expect(result.ok ? 'ok' : result.issues[0]?.field).toBe('label');
    }
  });

  it('never renders an empty string for a missing variable, and never reads the prototype', () => {
    const result = plain('{{constructor}}{{__proto__}}').render({ name: 'Ana' }, 1);
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([
      'missing variable "constructor" in updates.title: the row has no such column (columns: name)',
      'missing variable "__proto__" in updates.title: the row has no such column (columns: name)',
    ]);
    // Through paths, lookup and blocks too: the prototype of a value is never read.
    const messages = [
      '{{name.constructor}}',
      "{{lookup this 'constructor'}}",
      "{{lookup name 'constructor'}}",
      '{{#with name}}{{constructor.name}}{{/with}}',
      '{{name.__proto__.length}}',
    ].map((source) => {
      const bound = plain(source).render({ name: 'Ana' }, 3);
      return bound.ok ? `rendered "${bound.value}"` : bound.issues[0]!.message;
    });
    expect(messages).toEqual([
      '{{name.constructor}} reads "constructor", a property every object inherits, not a column or key of this row; templates never read inherited properties (rename the column or key)',
      '{{lookup …}} gives no value for this row (a key or column it looks up is missing)',
      '{{lookup …}} gives no value for this row (a key or column it looks up is missing)',
      'a {{…}} path reads "name" of a value this row does not have (a missing column or key; prototype properties such as constructor are never read)',
      'a {{…}} path reads "length" of a value this row does not have (a missing column or key; prototype properties such as constructor are never read)',
    ]);
    // A column that happens to be called constructor is the row's own: it is read.
    expect(plain('{{constructor}}').render({ constructor: 'mine' }, 1)).toEqual({ ok: true, value: 'mine' });
  });

  it('does not compile row data as a template', () => {
    expect(plain('{{a}}').render({ a: '{{b}}' }, 1)).toEqual({ ok: true, value: '{{b}}' });
    expect(script('{{a}}').render({ a: '{{#each x}}' }, 1)).toEqual({ ok: true, value: '{{#each x}}' });
  });

  it('reports required and optional columns', () => {
    const t = plain('{{upper first}} {{default nick "friend"}} {{#if vip}}VIP{{/if}} {{#each tags}}{{this}}{{/each}}');
    expect([...t.required].sort()).toEqual(['first', 'tags', 'vip']);
    expect([...t.optional]).toEqual(['nick']);
    expect(t.render({ first: 'a', vip: false, tags: ['x'] }, 1)).toEqual({ ok: true, value: 'A friend  x' });
    expect(t.render({ first: 'a', nick: '', vip: true, tags: [] }, 1)).toEqual({ ok: true, value: 'A friend VIP ' });
  });

  it('formats numbers and dates for a locale', () => {
    const de = createHandlebars({ locale: 'de-DE' });
    const t = compileText(
      '{{number n}} {{number n style="currency" currency="EUR"}} {{date d}} {{date d dateStyle="long" locale="fr-FR"}}',
      {
        env: de,
        escape: 'none',
        path: ['title'],
      },
    );
    expect(t.render({ n: '1234.5', d: '2026-03-01' }, 1)).toEqual({
      ok: true,
      value: '1.234,5 1.234,50\u00a0€ 01.03.2026 1 mars 2026',
    });
    // Formatters are reused per locale and options: a second row, and options taken from the row, still format right.
    expect(t.render({ n: 2, d: '2027-12-24' }, 2)).toEqual({
      ok: true,
      value: '2 2,00\u00a0€ 24.12.2027 24 décembre 2027',
    });
    const byRow = compileText('{{number n style="currency" currency=cur}}', {
      env: de,
      escape: 'none',
      path: ['title'],
    });
    expect(['USD', 'JPY', 'USD'].map((cur) => byRow.render({ n: 5, cur }, 1))).toEqual(
      ['5,00\u00a0$', '5\u00a0¥', '5,00\u00a0$'].map((value) => ({ ok: true, value })),
    );
    const bad = t.render({ n: 'abc', d: '2026-03-01' }, 4);
    expect(bad.ok ? undefined : bad.issues[0]?.message).toBe('number: "abc" is not a number');
    const comma = t.render({ n: '0,5', d: '2026-03-01' }, 5);
    expect(comma.ok ? undefined : comma.issues[0]?.message).toBe(
      'number: "0,5" is not a number (write the decimal separator as a dot: 0.5)',
    );
  });

  it('throws a TemplateError for bad syntax, naming the field', () => {
    let caught: unknown;
    try {
      plain('Hello {{name');
    } catch (error) {
      caught = error;
    }
    expect(isTemplateError(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/^Template text at updates\.title could not be compiled/);
    expect((caught as TemplateError).issues.map((i) => i.message)).toEqual([
      'template syntax, line 1 near "Hello {{name": a {{…}} is not closed with }}',
    ]);
  });

  it("says in one line what is wrong with the syntax, without the parser's token list", () => {
    const messages = ['Hi {{#if vip}}VIP', 'Hi {{ }}', 'Hi {{#if vip}}x{{/each}}'].map((source) => {
      try {
        plain(source);
        return undefined;
      } catch (error) {
        return (error as TemplateError).issues[0]?.message;
      }
    });
    expect(messages).toEqual([
      'template syntax, line 1 near "Hi {{#if vip}}VIP": the text ends inside an open {{#block}} or {{…}}; close it ({{/if}}, }})',
      'template syntax, line 1 near "Hi {{ }}": an empty {{ }}',
      "template syntax: if doesn't match each (line 1, column 7)",
    ]);
  });

  it('joins numbers and booleans as text, also inside blocks', () => {
    expect(plain('{{#if 1}}{{a}}{{b}}{{/if}}').render({ a: 1, b: 2 }, 1)).toEqual({ ok: true, value: '12' });
    expect(plain('{{a}}{{b}}').render({ a: false, b: null }, 1)).toEqual({ ok: true, value: 'false' });
  });

  it('renders plain {{name}} text directly with the same output as through Handlebars', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.string({ unit: 'grapheme' }));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string().filter((t) => !/[{}\\]/.test(t)),
            fc.constantFrom('{{a}}', '{{b}}', '{{{a}}}'),
          ),
          { maxLength: 6 },
        ),
        value,
        value,
        (pieces, a, b) => {
          const source = pieces.join('');
          for (const escape of ['none', 'html'] as const) {
            const direct = compileText(source, { env, escape, path: ['x'] }).render({ a, b }, 1);
            const viaHandlebars = compileText(`{{#if 1}}${source}{{/if}}`, { env, escape, path: ['x'] }).render(
              { a, b },
              1,
            );
            expect(direct).toEqual(viaHandlebars);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
