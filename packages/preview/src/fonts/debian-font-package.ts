/** Debian/Ubuntu packages of the families payloads name most, by lower-case family name. */
const PACKAGES: Readonly<Record<string, string>> = {
  'noto sans cjk': 'fonts-noto-cjk',
  'noto serif cjk': 'fonts-noto-cjk',
  'noto sans': 'fonts-noto-core',
  'noto serif': 'fonts-noto-core',
  'noto sans kr': 'fonts-noto-cjk',
  'noto sans jp': 'fonts-noto-cjk',
  'noto sans sc': 'fonts-noto-cjk',
  'noto sans arabic': 'fonts-noto-core',
  'noto color emoji': 'fonts-noto-color-emoji',
  'dejavu sans': 'fonts-dejavu-core',
  'dejavu serif': 'fonts-dejavu-core',
  'liberation sans': 'fonts-liberation',
  'liberation serif': 'fonts-liberation',
  roboto: 'fonts-roboto',
  'open sans': 'fonts-open-sans',
  lato: 'fonts-lato',
  'nanum gothic': 'fonts-nanum',
  nanumgothic: 'fonts-nanum',
};

/**
 * What to do about a family that is not installed: the Debian/Ubuntu package that has it, or `fontDirs`.
 *
 * @example fontInstallHint('Noto Sans CJK') // 'install fonts-noto-cjk (Debian/Ubuntu) or pass fontDirs'
 */
export function fontInstallHint(family: string): string {
  const found = PACKAGES[family.trim().toLowerCase()];
  return found === undefined
    ? 'pass fontDirs with a folder holding its font files'
    : `install ${found} (Debian/Ubuntu) or pass fontDirs`;
}
