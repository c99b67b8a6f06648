// Share links: the program travels in the URL fragment, so it never reaches a server.
//
//   #code=<base64url(deflate-raw(utf-8 text))>   (CompressionStream, all current browsers)
//   #src=<base64url(utf-8 text)>                 (fallback where CompressionStream is missing)
//
// Decoding is defensive: the fragment and the decompressed text have size limits (a
// small link must not inflate into megabytes), and anything malformed yields an error
// code for a friendly message, never an exception. The decoded text is only ever put
// into the editor as text.

export const MAX_FRAGMENT_CHARS = 64 * 1024;
export const MAX_CODE_CHARS = 100_000;
const MAX_CODE_BYTES = MAX_CODE_CHARS * 4;

function bytesToBase64url(bytes) {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64urlToBytes(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareError('invalid');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  let binary;
  try {
    binary = atob(padded);
  } catch {
    throw new ShareError('invalid');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class ShareError extends Error {
  /** @param {'invalid'|'too-large'|'unsupported'} code */
  constructor(code) {
    super(`share link: ${code}`);
    this.name = 'ShareError';
    this.code = code;
  }
}

async function pipeBytes(bytes, transform, limit) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    let step;
    try {
      step = await reader.read();
    } catch {
      throw new ShareError('invalid');
    }
    if (step.done) break;
    total += step.value.length;
    if (total > limit) {
      reader.cancel().catch(() => {});
      throw new ShareError('too-large');
    }
    chunks.push(step.value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const canCompress = () => typeof CompressionStream === 'function';
const canDecompress = () => typeof DecompressionStream === 'function';

/** The fragment (without '#') that carries `code`. */
export async function encodeCode(code) {
  const bytes = new TextEncoder().encode(String(code));
  if (canCompress()) {
    try {
      const packed = await pipeBytes(bytes, new CompressionStream('deflate-raw'), Infinity);
      return `code=${bytesToBase64url(packed)}`;
    } catch { /* fall through to the plain form */ }
  }
  return `src=${bytesToBase64url(bytes)}`;
}

/**
 * Reads a program out of a location fragment ('#code=...', '#src=...', with or without '#').
 * @returns {Promise<{ code: string } | { error: 'invalid'|'too-large'|'unsupported' } | null>}
 *   null when the fragment carries no program at all.
 */
export async function decodeFragment(hash) {
  let text = String(hash ?? '');
  if (text.startsWith('#')) text = text.slice(1);
  if (!text) return null;
  if (text.length > MAX_FRAGMENT_CHARS) return { error: 'too-large' };
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { error: 'invalid' };
  }
  const packed = params.get('code');
  const plain = params.get('src');
  if (packed == null && plain == null) return null;
  try {
    let bytes;
    if (packed != null) {
      if (!canDecompress()) throw new ShareError('unsupported');
      bytes = await pipeBytes(base64urlToBytes(packed), new DecompressionStream('deflate-raw'), MAX_CODE_BYTES);
    } else {
      bytes = base64urlToBytes(plain);
      if (bytes.length > MAX_CODE_BYTES) throw new ShareError('too-large');
    }
    let code;
    try {
      code = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ShareError('invalid');
    }
    if (code.length > MAX_CODE_CHARS) throw new ShareError('too-large');
    // NUL and other C0 controls (except tab / newline / CR) never belong in a program.
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(code)) throw new ShareError('invalid');
    return { code: code.replace(/\r\n?/g, '\n') };
  } catch (err) {
    return { error: err instanceof ShareError ? err.code : 'invalid' };
  }
}

/** The full playground URL for `code` (embed links add ?embed=1). */
export async function shareUrl(code, { base = location.href, embed = false } = {}) {
  const url = new URL(base);
  url.hash = '';
  url.search = embed ? '?embed=1' : '';
  return `${url.href.replace(/#$/, '')}#${await encodeCode(code)}`;
}
