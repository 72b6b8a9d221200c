import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTemplateError } from '@vsynth/core';
import { compileText } from './compile-text.js';
import { createHandlebars } from './create-handlebars.js';
import { findUnknownHelper } from './find-unknown-helper.js';
import { modifyTemplate } from './modify-template.js';

const env = createHandlebars();
const helpers = new Set(Object.keys(env.helpers));
const title = (source: string) => compileText(source, { env, escape: 'none', path: ['updates', 'title_0'] });

describe('findUnknownHelper', () => {
  it('finds calls with arguments, in blocks and subexpressions, and leaves variables and sections alone', () => {
    expect(findUnknownHelper(env.parse('Hi {{uper name}}'), helpers)).toBe('uper');
    expect(findUnknownHelper(env.parse('{{#if a}}{{default (fmt x) "y"}}{{/if}}'), helpers)).toBe('fmt');
    expect(findUnknownHelper(env.parse('{{#repeat 3}}x{{/repeat}}'), helpers)).toBe('repeat');
    expect(
      findUnknownHelper(
        env.parse('{{name}} {{#items}}{{.}}{{/items}} {{upper name}} {{number n style="currency" currency="EUR"}}'),
        helpers,
      ),
    ).toBeUndefined();
  });
});

describe('compileText with an unknown helper', () => {
  it('throws one template error naming the helper, the field and the closest registered helper', () => {
    let caught: unknown;
    try {
      title('Hello {{uper firstName}}');
    } catch (error) {
      caught = error;
    }
    expect(isTemplateError(caught)).toBe(true);
    expect((caught as Error).message).toContain(
      'Template text at updates.title_0 calls the helper "uper", which does not exist; did you mean "upper"?',
    );
  });

  it('is reported once with the template name by a modify template, before any row is bound', () => {
    expect(() =>
      modifyTemplate(
        { projectId: 'p1', updates: { title_0: '{{uper name}}', subtitles_0: '{{name}}' } },
        { name: 'modify.json' },
      ),
    ).toThrow(
      /^The modify template modify\.json cannot be used\.\n✖ calls the helper "uper", which does not exist; did you mean "upper"\?.*\n {2}→ at updates\.title_0$/,
    );
  });
});

describe('prototype access', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never lets Handlebars print its access warning, and says in our words what was denied', () => {
    const logged: unknown[] = [];
    for (const method of ['error', 'warn', 'log', 'info'] as const)
      vi.spyOn(console, method).mockImplementation((...args) => void logged.push(args));
    const results = ['{{name.toString}}', '{{#with name}}{{hasOwnProperty}}{{/with}}', '{{name.valueOf}}'].map(
      (source) => title(source).render({ name: 'Ana' }, 2),
    );
    expect(logged).toEqual([]);
    expect(results.map((r) => (r.ok ? r.value : r.issues[0]!.message))).toEqual([
      '{{name.toString}} reads "toString", a property every object inherits, not a column or key of this row; templates never read inherited properties (rename the column or key)',
      '{{hasOwnProperty}} reads "hasOwnProperty", a property every object inherits, not a column or key of this row; templates never read inherited properties (rename the column or key)',
      '{{name.valueOf}} reads "valueOf", a property every object inherits, not a column or key of this row; templates never read inherited properties (rename the column or key)',
    ]);
    expect(JSON.stringify(results)).not.toMatch(/runtime option|disable/);
  });
});

describe('the number helper', () => {
  it('quotes a number too small or too large for a double as written', () => {
    const bound = (n: string) => {
      const r = title('{{number n}}').render({ n }, 4);
      return r.ok ? r.value : r.issues[0]!.message;
    };
    expect(bound('1e-999')).toBe('number: "1e-999" is too small for a number (it would be read as 0)');
    expect(bound('1e999')).toBe('number: "1e999" is too large for a number (it would be read as Infinity)');
    expect(bound('0e-999')).toBe('0');
  });
});
