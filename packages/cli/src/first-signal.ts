/**
 * Resolves with the first SIGINT (Ctrl-C) or SIGTERM, then removes its handlers: the stop of a
 * command that serves until told to (`vsynth sandbox`, `vsynth studio`).
 *
 * @example await firstSignal(); await server.close();
 */
export function firstSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const handler = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
      resolve(signal);
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  });
}
