/** The `create-vsynth` bin: runs `create` with this process's arguments and terminal. */
import { createInterface } from 'node:readline/promises';
import { create } from './create.js';

const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
const readline = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
try {
  process.exitCode = await create(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    ...(readline && { prompter: readline }),
  });
} catch (error) {
  process.stderr.write(`create-vsynth: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  readline?.close();
}
