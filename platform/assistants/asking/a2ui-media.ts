// Tiny real media files for the A2UI demo surface, served by the platform so a console can load them (after the
// person's consent) without reaching the internet: an SVG image and a half-second WAV tone.
import type { ServerResponse } from 'node:http';
import { apiServicePath } from '../../wire';

export const a2uiMediaPath = '/v1/a2ui-media';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<rect width="96" height="96" rx="12" fill="#1f6feb"/><path d="M26 50l14 14 30-32" fill="none" stroke="#fff" stroke-width="9"/>
</svg>
`;

/** 0.5 s of a 440 Hz sine tone, 8 kHz mono 8-bit PCM, in a WAV container. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = rate / 2;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28); // bytes per second
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples, 40);
  for (let index = 0; index < samples; index += 1)
    wav.writeUInt8(128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * index) / rate)), 44 + index);
  return wav;
}

const files: Record<string, { type: string; body: Buffer }> = {
  'check.svg': { type: 'image/svg+xml', body: Buffer.from(svg) },
  'tone.wav': { type: 'audio/wav', body: toneWav() },
};

/** The media URLs of the demo surface, on the origin the call reached. */
export const mediaUrls = (origin: string) => ({
  image: `${origin}${apiServicePath}${a2uiMediaPath}/check.svg`,
  audio: `${origin}${apiServicePath}${a2uiMediaPath}/tone.wav`,
});

/** Serves one media file (public: an <img> or <audio> sends no bearer token); 404 for any other name. */
export function serveA2uiMedia(res: ServerResponse, name: string): boolean {
  const file = files[name];
  if (!file) return false;
  res.writeHead(200, {
    'Content-Type': file.type,
    'Content-Length': file.body.length,
    'Cache-Control': 'public, max-age=3600',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  res.end(file.body);
  return true;
}
