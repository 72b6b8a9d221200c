/**
 * Why a credential cannot be sent as an HTTP header value, or undefined when it can. Names the
 * problem and its position, never the value: `ends with a newline`, `contains a NUL byte at
 * character 7 of 32`. A header value is Latin-1 without control characters, and fetch would strip
 * leading and trailing spaces, so a key pasted with them is refused rather than silently changed.
 *
 * @example credentialProblem('abc\n') // 'ends with a newline'
 */
export function credentialProblem(value: string): string | undefined {
  const length = value.length;
  for (let i = 0; i < length; i++) {
    const code = value.charCodeAt(i);
    const what = describeCharacter(code);
    if (what === undefined) continue;
    if (i === length - 1 && (code === 0x0a || code === 0x0d || code === 0x20 || code === 0x09))
      return `ends with ${what}`;
    if (i === 0 && (code === 0x20 || code === 0x09)) return `starts with ${what}`;
    if (code === 0x20 || code === 0x09) continue;
    return `contains ${what} at character ${i + 1} of ${length}`;
  }
  return undefined;
}

function describeCharacter(code: number): string | undefined {
  if (code === 0x0a) return 'a newline';
  if (code === 0x0d) return 'a carriage return';
  if (code === 0x00) return 'a NUL byte';
  if (code === 0x09) return 'a tab';
  if (code === 0x20) return 'a space';
  if (code < 0x20 || code === 0x7f)
    return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  if (code > 0xff)
    return 'a character outside Latin-1 (not allowed in an HTTP header; a copy-paste artefact such as a smart quote?)';
  return undefined;
}
