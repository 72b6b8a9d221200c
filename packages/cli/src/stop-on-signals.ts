/** A long command's graceful stop: aborts on the first Ctrl-C / SIGTERM; `dispose` removes the handlers. */
export interface SignalStop {
  readonly signal: AbortSignal;
  readonly dispose: () => void;
}

/**
 * Ctrl-C, and SIGTERM (a container or service manager stopping the command), stop it the same
 * way: the first prints `message` to stderr and aborts `signal` (with `reason`, if given) so work
 * in flight can finish; the second removes the handlers and re-raises the signal to quit at once.
 *
 * @example
 * const stop = stopOnSignals('vsynth: stopping: finishing requests in flight\n');
 * try { await run({ signal: stop.signal }); } finally { stop.dispose(); }
 */
export function stopOnSignals(message: string, reason?: unknown): SignalStop {
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts += 1;
    if (interrupts === 1) {
      process.stderr.write(message);
      controller.abort(reason);
      return;
    }
    dispose();
    process.kill(process.pid, signal);
  };
  const dispose = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { signal: controller.signal, dispose };
}
