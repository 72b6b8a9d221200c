import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '@vsynth/core';
import { tsxTemplate } from './tsx-template.js';
import { tempDirs } from './test-temp-dirs.js';

const tempDir = tempDirs('vsynth-tsx-template-');

const avatars = fileURLToPath(new URL('./fixtures/avatars.ts', import.meta.url));

/** Writes a TSX template whose component reads `name`, `plan` and the optional `nickname`. */
function writeTemplate(extra = ''): string {
  const file = join(tempDir(), 'welcome.tsx');
  writeFileSync(
    file,
    `import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';
import { presenter } from ${JSON.stringify(avatars)};
export { avatars } from ${JSON.stringify(avatars)};
${extra}
export default function Welcome(row: { name: string; plan: string; nickname?: string }) {
  const { name, plan } = row;
  return (
    <Video name={\`Welcome \${name}\`} isExport>
      <Scene background="rgb(1,2,3)">
        <Avatar model={presenter} x={0.25} y={0.05}>Hi {row.nickname ?? name}, your {plan.toUpperCase()} plan is ready.</Avatar>
        <Text tag="title" x={0} y={0}>{\`Welcome \${name}\`}</Text>
      </Scene>
    </Video>
  );
}
`,
  );
  return file;
}

describe('tsxTemplate', () => {
  it('compiles each row to its own payload: titles exact, speech escaped', async () => {
    const template = await tsxTemplate(writeTemplate('export const optionalColumns = ["nickname"];'));
    const bound = await template.bind({ name: 'Tom & Jerry <3', plan: 'pro' }, 1);
    expect(bound.ok).toBe(true);
    if (!bound.ok) return;
    const body = bound.request.body as {
      name: string;
      scenes: { scripts: { org: string }[]; clips: { type: string; text?: string }[] }[];
    };
    expect([
      body.name,
      body.scenes[0]!.scripts[0]!.org,
      body.scenes[0]!.clips.find((c) => c.type === 'textImage')!.text,
    ]).toEqual([
      'Welcome Tom & Jerry <3',
      'Hi Tom &amp; Jerry &lt;3, your PRO plan is ready.',
      'Welcome Tom & Jerry <3',
    ]);
  });

  it('fails a row whose component reads a prop the row lacks, naming row and prop, instead of the TypeError it causes', async () => {
    const template = await tsxTemplate(writeTemplate());
    const bound = await template.bind({ name: 'Ana', plna: 'pro' }, 7);
    expect(bound.ok).toBe(false);
    if (bound.ok) return;
    // `plan` is missing (its .toUpperCase() throws after it); `nickname` is read but not declared optional.
    expect(bound.issues.map(formatIssue)).toEqual([
      `✖ missing prop "plan" in ${template.description.replace('TSX template ', '')}: the row has no such column (did you mean "plna"?); if the column is optional, list it in export const optionalColumns\n  → at row 7, plan`,
      `✖ missing prop "nickname" in ${template.description.replace('TSX template ', '')}: the row has no such column (columns: name, plna); if the column is optional, list it in export const optionalColumns\n  → at row 7, nickname`,
    ]);
  });

  it('lets optionalColumns be absent, and tells a bad optionalColumns export', async () => {
    const template = await tsxTemplate(writeTemplate('export const optionalColumns = ["nickname"];'));
    const bound = await template.bind({ name: 'Ana', plan: 'team' }, 1);
    expect(
      bound.ok && (bound.request.body as { scenes: { scripts: { org: string }[] }[] }).scenes[0]!.scripts[0]!.org,
    ).toBe('Hi Ana, your TEAM plan is ready.');
    await expect(tsxTemplate(writeTemplate('export const optionalColumns = "nickname";'))).rejects.toThrow(
      /optionalColumns must be an array of column names, e\.g\. export const optionalColumns = \['nickname'\];/,
    );
  });
});
