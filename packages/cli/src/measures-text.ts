import { commandNameIn } from './lazy-command.js';

/**
 * Whether `vsynth <args>` is going to measure text in its boxes: `compile` or `submit` of a video with its
 * checks on and the v3 target. The CLI then starts the measurer's thread before it loads the command, so
 * the fonts load while the command's modules do. It reads the arguments alone, before any parsing, so it
 * is a guess: a wrong yes costs a thread that is stopped unused, a wrong no only the head start.
 *
 * @example measuresText(['compile', 'video.tsx']) // true; with '--no-checks', false
 */
export function measuresText(args: readonly string[]): boolean {
  const command = commandNameIn(args);
  if (command !== 'compile' && command !== 'submit') return false;
  if (args[0] === 'help' || args.includes('--help') || args.includes('-h') || args.includes('--no-checks')) {
    return false;
  }
  const legacy = args.some((arg, i) => arg === '--target=legacy' || (arg === '--target' && args[i + 1] === 'legacy'));
  // submit sends a .json payload as it is; the file is the operand after the command.
  const file = args.filter((arg) => !arg.startsWith('-'))[1];
  return !legacy && !(file ?? '').toLowerCase().endsWith('.json');
}
