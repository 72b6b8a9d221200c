/** @vsynth/studio — placeholder until the studio lands. */
export {};
