/**
 * @vsynth/batch — run one service call per data row: bounded concurrency, a journal that makes a
 * batch resumable without spending cubes twice, limiters and a results file.
 */
export {};
