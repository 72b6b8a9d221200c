import { describe, expect, it } from 'vitest';
import { commandNameIn } from './lazy-command.js';

describe('commandNameIn', () => {
  it('finds the command among the arguments, after help, or none', () => {
    expect(commandNameIn(['compile', 'video.tsx', '--report'])).toBe('compile');
    expect(commandNameIn(['--help'])).toBeUndefined();
    expect(commandNameIn(['-h', 'batch', '--dry-run'])).toBe('batch');
    expect(commandNameIn(['help', 'batch'])).toBe('batch');
    expect(commandNameIn([])).toBeUndefined();
  });
});
