import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '@vsynth/core';
import { tsxTemplate } from './tsx-template.js';
import { tempDirs } from './test-temp-dirs.js';

const tempDir = tempDirs('vsynth-tsx-schema-');
const avatars = fileURLToPath(new URL('./fixtures/avatars.ts', import.meta.url));
const zodDir = dirname(createRequire(import.meta.url).resolve('zod/package.json'));

/** A TSX template with a props schema, in a project where `zod` resolves as in a user's. */
function writeTemplate(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(zodDir, join(dir, 'node_modules', 'zod'), 'dir');
  const file = join(dir, 'welcome.tsx');
  writeFileSync(
    file,
    `import { Avatar, Scene, Video } from '@vsynth/jsx-runtime';
import { z } from 'zod';
import { presenter } from ${JSON.stringify(avatars)};
export { avatars } from ${JSON.stringify(avatars)};
export const schema = z.object({
  name: z.string().min(1),
  seats: z.number().int().positive(),
  vip: z.boolean().default(false),
  plan: z.enum(['Pro', 'Team']),
});
export default function Welcome({ name, seats, vip, plan }: z.infer<typeof schema>) {
  return (
    <Video name={\`Welcome \${name}\`}>
      <Scene background="rgb(1,2,3)">
        <Avatar model={presenter} x={0.25} y={0.05}>
          Hi {name}: {String(seats + 1)} seats next year on {plan}{vip ? ', with priority support' : ''}.
        </Avatar>
      </Scene>
    </Video>
  );
}
`,
  );
  return file;
}

const speech = (body: unknown): string =>
  (body as { scenes: { scripts: { org: string }[] }[] }).scenes[0]!.scripts[0]!.org;

describe('a TSX template with a props schema', () => {
  it('reads each cell as its prop type before the component runs, applying defaults', async () => {
    const template = await tsxTemplate(writeTemplate());
    const bound = await template.bind({ name: 'Ana', seats: ' 4 ', plan: 'Team', vip: '' }, 1);
    expect(bound.ok && speech(bound.request.body)).toBe('Hi Ana: 5 seats next year on Team.');
    const vip = await template.bind({ name: 'Bo', seats: '1', plan: 'Pro', vip: 'yes' }, 2);
    expect(vip.ok && speech(vip.request.body)).toBe('Hi Bo: 2 seats next year on Pro, with priority support.');
  });

  it('names every bad cell of a row by row and column; a column it does not know is left to the batch', async () => {
    const template = await tsxTemplate(writeTemplate());
    const bound = await template.bind({ name: '', seats: '12,50', plan: 'Gold', vipp: 'yes' }, 17);
    expect(bound.ok).toBe(false);
    if (bound.ok) return;
    // An empty cell is an absent prop: a default applies, or the schema says it is required.
    expect([...(template.columnsRead?.() ?? [])]).toEqual(['name', 'seats', 'plan']);
    expect(bound.issues.map(formatIssue)).toEqual([
      '✖ column "name": is required: expected a string, received nothing\n  → at row 17 · name',
      '✖ column "seats": must be a number, received "12,50"\n  → at row 17 · seats',
      '✖ column "plan": must be one of "Pro", "Team", received "Gold"\n  → at row 17 · plan',
    ]);
  });
});
