/** The layers legacy clips take when `layer` is absent: the AIModel 300, every other clip 500. */
export const LEGACY_DEFAULT_LAYERS = Object.freeze({ aiModel: 300, clip: 500 } as const);
