import { describe, expect, it } from 'vitest';
import { runVsynth } from './run-vsynth.js';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** `vsynth --help`'s command list: name → description, wrapped lines joined. */
function listedCommands(help: string): Map<string, string> {
  const section = help.slice(help.indexOf('Commands:\n') + 'Commands:\n'.length, help.indexOf('\nExit codes:'));
  const listed = new Map<string, string>();
  let current: string | undefined;
  for (const line of section.split('\n')) {
    const entry = /^ {2}(\S+)(?: \[command\])? +(.*)$/.exec(line);
    if (entry?.[1] !== undefined) {
      current = entry[1];
      listed.set(current, entry[2] ?? '');
    } else if (current !== undefined && line.trim() !== '')
      listed.set(current, `${listed.get(current) ?? ''} ${line.trim()}`);
  }
  return listed;
}

describe('vsynth --help without loading the commands', () => {
  it("lists every command with the description its own module gives (index.ts's list has not drifted)", async () => {
    const top = await runVsynth(['--help']);
    expect(top.code).toBe(0);
    const listed = listedCommands(top.stdout);
    listed.delete('help');
    expect([...listed.keys()]).toEqual(expect.arrayContaining(['validate', 'compile', 'sandbox', 'batch', 'preview']));
    const runs = await Promise.all([...listed.keys()].map((name) => runVsynth([name, '--help'])));
    [...listed].forEach(([name, description], i) => {
      const own = runs[i];
      expect(own?.code, name).toBe(0);
      expect(oneLine(own?.stdout ?? ''), name).toContain(`Usage: vsynth ${name} `);
      // The module's description, printed under its usage line, is the one the list shows.
      expect(oneLine(own?.stdout ?? ''), name).toContain(oneLine(description));
    });
  }, 180_000);

  it('vsynth help <command> shows the full help of that command', async () => {
    const run = await runVsynth(['help', 'compile']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: vsynth compile [options] <file>');
    expect(run.stdout).toContain('--target');
  });
});
