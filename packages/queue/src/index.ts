/** @vsynth/queue — placeholder until the queue lands. */
export {};
