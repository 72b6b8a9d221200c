/**
 * A silent 16-bit mono PCM WAV file of the given length: what the sandbox delivers for a legacy
 * audio request, since it synthesises no speech.
 *
 * @example silentWav(1.5, 8000).length // 44 + 24000
 */
export function silentWav(seconds: number, sampleRate = 8000): Uint8Array {
  const samples = Math.max(0, Math.round(seconds * sampleRate));
  const dataBytes = samples * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}
