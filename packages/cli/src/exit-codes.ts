/** Exit codes of the `vsynth` command; documented in `vsynth --help`. */
export const ExitCode = {
  ok: 0,
  /** Internal failure: a bug in vsynth. */
  internal: 1,
  usage: 2,
  invalidInput: 3,
  permanentApiFailure: 4,
  transientFailure: 5,
  batchHadFailures: 6,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export const EXIT_CODES_HELP = `
Exit codes:
  0  ok
  1  internal error (a bug in vsynth; run again with VSYNTH_DEBUG=1 and report the output);
     for \`vsynth diff\` only: the two videos differ, as diff(1) says
  2  usage error (unknown option, missing argument, unreadable file, missing credentials)
  3  invalid input (payload, TSX, template or row failed validation; no rows in the data file;
     a damaged batch journal, or a changed data file, on --resume; a queued batch damaged in Redis)
  4  permanent API failure (4xx other than 408/429)
  5  transient failure (network, rate limit or 5xx after retries, timeout, cancelled)
  6  batch finished with failed or unknown rows (or was interrupted; a worker whose batch Redis lost)`;
